import { Button, EmptyState, Heading, Link, Stack, Table, VStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useApiData } from '../../src/api/use-api-data';
import type { WidgetProps } from '../../src/engine/widget-types';
import { api } from '../../src/generated/api-client';
import { flattenTree, type PlacedNode } from '../entity-tree/tree-nodes';
import { DataState } from '../shared/data-state';

const PLURALS = {
  site: 'sites',
  building: 'buildings',
  floor: 'floors',
  zone: 'zones',
  room: 'rooms',
  asset: 'assets',
} as const;

/** Every entity of one type across the sites, with where it sits. */
export default function EntityList({ data }: WidgetProps<'entity-list'>) {
  const state = useApiData(() => api.siteTree(), 'siteTree');
  const plural = PLURALS[data.type];
  return (
    <Stack gap="4">
      <Heading as="h2" size="md">
        {data.heading ?? plural.charAt(0).toUpperCase() + plural.slice(1)}
      </Heading>
      <DataState state={state} what={`Your ${plural}`}>
        {({ sites }) => {
          const rows = flattenTree(sites).filter(({ node }) => node.type === data.type);
          return rows.length === 0 ? <NoneYet plural={plural} /> : <EntityTable rows={rows} />;
        }}
      </DataState>
    </Stack>
  );
}

function EntityTable({ rows }: { rows: PlacedNode[] }) {
  return (
    <Table.ScrollArea>
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Name</Table.ColumnHeader>
            <Table.ColumnHeader>Site</Table.ColumnHeader>
            <Table.ColumnHeader>Where</Table.ColumnHeader>
            <Table.ColumnHeader>Tags</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Data points</Table.ColumnHeader>
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
              <Table.Cell textAlign="end">{node.dataPointCount}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function NoneYet({ plural }: { plural: string }) {
  return (
    <EmptyState.Root size="sm" role="status">
      <EmptyState.Content>
        <VStack textAlign="center">
          <EmptyState.Title>No {plural} yet</EmptyState.Title>
          <EmptyState.Description>
            Add them in the site tree, where each sits in its site.
          </EmptyState.Description>
        </VStack>
        <Button asChild size="sm" colorPalette="brand">
          <RouterLink to="/sites">Open the site tree</RouterLink>
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
