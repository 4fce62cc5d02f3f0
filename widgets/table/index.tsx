import { Button, HStack, Table, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetData, WidgetProps } from '../../src/engine/widget-types';
import { formatCount, formatDate, formatPercent, formatValue } from '../shared/format';
import { type Cell, pageCount, type SortDirection, sortRows } from './sort-rows';

type ColumnSpec = WidgetData<'table'>['columns'][number];

const DEFAULT_PAGE_SIZE = 10;

/** Rows under named columns; click a heading to sort, page through long tables. */
export default function TableWidget({ data }: WidgetProps<'table'>) {
  const { t } = useTranslation('table');
  const { columns, rows, pageSize = DEFAULT_PAGE_SIZE, emptyText = t('empty') } = data;
  const [sort, setSort] = useState<{ key: string; direction: SortDirection } | undefined>(
    data.sort ? { key: data.sort.key, direction: data.sort.direction ?? 'asc' } : undefined,
  );
  const [page, setPage] = useState(0);
  const sorted = useMemo(() => (sort ? sortRows(rows, sort.key, sort.direction) : rows), [rows, sort]);
  // A row's place in the data is its identity: it survives sorting and paging, unlike its place on screen.
  const rowIds = useMemo(() => new Map(rows.map((row, position) => [row, `r${position}`])), [rows]);
  const pages = pageCount(sorted.length, pageSize);
  const currentPage = Math.min(page, pages - 1);
  const visible = sorted.slice(currentPage * pageSize, (currentPage + 1) * pageSize);

  const toggleSort = (key: string) => {
    setSort((current) =>
      current?.key === key
        ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { key, direction: 'asc' },
    );
    setPage(0);
  };

  return (
    <>
      <Table.ScrollArea>
        <Table.Root size="sm" variant="line">
          <Table.Header>
            <Table.Row>
              {columns.map((column) => (
                <HeaderCell key={column.key} column={column} sort={sort} onSort={toggleSort} />
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {visible.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={columns.length}>
                  <Text color="fg.muted">{emptyText}</Text>
                </Table.Cell>
              </Table.Row>
            ) : (
              visible.map((row) => (
                <Table.Row key={rowIds.get(row)}>
                  {columns.map((column) => (
                    <Table.Cell key={column.key} textAlign={isNumeric(column) ? 'end' : 'start'}>
                      {formatCell(row[column.key], column, t)}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))
            )}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {pages > 1 ? (
        <HStack justify="space-between" mt="3">
          <Text fontSize="sm" color="fg.muted">
            {t('pageOf', {
              count: sorted.length,
              page: formatCount(currentPage + 1),
              pages: formatCount(pages),
              rows: formatCount(sorted.length),
            })}
          </Text>
          <HStack>
            <Button
              size="xs"
              variant="outline"
              disabled={currentPage === 0}
              onClick={() => setPage(currentPage - 1)}
            >
              {t('previous')}
            </Button>
            <Button
              size="xs"
              variant="outline"
              disabled={currentPage >= pages - 1}
              onClick={() => setPage(currentPage + 1)}
            >
              {t('next')}
            </Button>
          </HStack>
        </HStack>
      ) : null}
    </>
  );
}

interface HeaderCellProps {
  column: ColumnSpec;
  sort: { key: string; direction: SortDirection } | undefined;
  onSort: (key: string) => void;
}

function HeaderCell({ column, sort, onSort }: HeaderCellProps) {
  const direction = sort?.key === column.key ? sort.direction : undefined;
  const label = column.unit ? `${column.title} (${column.unit})` : column.title;
  const ariaSort = direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';
  return (
    <Table.ColumnHeader textAlign={isNumeric(column) ? 'end' : 'start'} aria-sort={ariaSort}>
      {column.sortable === false ? (
        label
      ) : (
        <Button size="xs" variant="ghost" px="1" onClick={() => onSort(column.key)}>
          {label}
          <span aria-hidden="true">{direction === 'asc' ? ' ▲' : direction === 'desc' ? ' ▼' : ''}</span>
        </Button>
      )}
    </Table.ColumnHeader>
  );
}

function isNumeric(column: ColumnSpec): boolean {
  return column.format === 'number' || column.format === 'percent';
}

/** A cell as shown; `t` reads the table's strings (a yes or no cell). */
function formatCell(value: Cell, column: ColumnSpec, t: TFunction): string {
  switch (column.format) {
    case 'number':
      return formatValue(typeof value === 'number' ? value : null);
    case 'percent':
      return formatPercent(typeof value === 'number' ? value : null);
    case 'date':
    case 'datetime':
      return formatDate(typeof value === 'boolean' ? null : value, column.format === 'datetime');
    default:
      if (typeof value === 'boolean') return value ? t('yes') : t('no');
      return value === null || value === undefined ? '–' : String(value);
  }
}
