import { Button, Heading, Link, Stack, Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useSiteTree } from '../../src/data/places';
import type { WidgetProps } from '../../src/engine/widget-types';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { EmptyNotice } from '../shared/empty-notice';
import { formatCount } from '../shared/format';
import { flattenTree, type PlacedNode } from '../shared/tree-nodes';

/** Every entity of one type across the sites, with where it sits. */
export default function EntityList({ data }: WidgetProps<'entity-list'>) {
  const { t } = useTranslation('entity-list');
  // One of the places' queries: a place added, changed or deleted anywhere refreshes it.
  const state = fromQuery(useSiteTree());
  return (
    <Stack gap="4">
      <Heading as="h2" size="md">
        {data.heading ?? t(`types.${data.type}.heading`)}
      </Heading>
      <DataState state={state} what={t(`types.${data.type}.what`)}>
        {({ sites }) => {
          const rows = flattenTree(sites).filter(({ node }) => node.type === data.type);
          return rows.length === 0 ? (
            <NoneYet title={t(`types.${data.type}.empty`)} />
          ) : (
            <EntityTable rows={rows} />
          );
        }}
      </DataState>
    </Stack>
  );
}

function EntityTable({ rows }: { rows: PlacedNode[] }) {
  const { t } = useTranslation('entity-list');
  return (
    <Table.ScrollArea>
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('columns.name')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('columns.site')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('columns.where')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('columns.tags')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('columns.dataPoints')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map(({ node, ancestors }) => (
            <Table.Row key={node.id}>
              <Table.Cell>
                <Link asChild>
                  <RouterLink to={`/sites/${node.id}`}>{node.name}</RouterLink>
                </Link>
              </Table.Cell>
              <Table.Cell>{ancestors[0]?.name ?? '–'}</Table.Cell>
              <Table.Cell>
                {ancestors
                  .slice(1)
                  .map((step) => step.name)
                  .join(' › ') || '–'}
              </Table.Cell>
              <Table.Cell>{node.tags.join(', ') || '–'}</Table.Cell>
              <Table.Cell textAlign="end">{formatCount(node.dataPointCount)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** None of the type yet (the title names them), and the way to where they are added. */
function NoneYet({ title }: { title: string }) {
  const { t } = useTranslation('entity-list');
  return (
    <EmptyNotice role="status" title={title} description={t('empty.description')}>
      <Button asChild size="sm" colorPalette="brand">
        <RouterLink to="/sites">{t('empty.action')}</RouterLink>
      </Button>
    </EmptyNotice>
  );
}
