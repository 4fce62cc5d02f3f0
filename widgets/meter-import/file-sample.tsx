import { Checkbox, Stack, Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '../shared/scroll-region';
import { columnLabel } from './column-choices';

const SAMPLE_SHOWN = 3;

/** The file's first rows as a table, and whether its first row names the columns. */
export function FileSample({
  fileName,
  columns,
  rows,
  hasHeader,
  onHasHeaderChange,
}: {
  fileName: string;
  columns: string[];
  rows: string[][];
  hasHeader: boolean;
  onHasHeaderChange: (hasHeader: boolean) => void;
}) {
  const { t } = useTranslation('meter-import');
  return (
    <Stack gap="2">
      <Checkbox.Root
        checked={hasHeader}
        onCheckedChange={(details) => onHasHeaderChange(details.checked === true)}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('sample.hasHeader')}</Checkbox.Label>
      </Checkbox.Root>
      <SampleTable columns={columns} rows={rows.slice(0, SAMPLE_SHOWN)} fileName={fileName} />
    </Stack>
  );
}

function SampleTable({ columns, rows, fileName }: { columns: string[]; rows: string[][]; fileName: string }) {
  const { t } = useTranslation('meter-import');
  const caption = t('sample.caption', { fileName });
  return (
    <ScrollRegion label={caption} borderWidth="1px" borderRadius="md">
      <Table.Root size="sm">
        <Table.Caption captionSide="top" textAlign="start" px="3" color="fg.muted">
          {caption}
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            {columns.map((column, index) => (
              <Table.ColumnHeader key={column} whiteSpace="nowrap">
                {columnLabel(column, index, t)}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: sample rows have no identity and never reorder.
            <Table.Row key={index}>
              {columns.map((column, at) => (
                <Table.Cell key={column} whiteSpace="nowrap">
                  {row[at] ?? ''}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </ScrollRegion>
  );
}
