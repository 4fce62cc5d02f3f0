import {
  Badge,
  Button,
  EmptyState,
  Heading,
  HStack,
  Input,
  Stack,
  Table,
  Text,
  VStack,
} from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useApiData } from '../../src/api/use-api-data';
import { useCan } from '../../src/auth/use-can';
import type { WidgetProps } from '../../src/engine/widget-types';
import { api } from '../../src/generated/api-client';
import type { DataPoint, DataPointIntent } from '../../src/generated/api-types';
import { notify } from '../../src/ui/toaster';
import { stepsChangedAtom } from '../register-steps/steps-signal';
import { DataState } from '../shared/data-state';
import { formatValue } from '../shared/format';
import { AddDataPointDialog } from './add-data-point-dialog';
import { CoverageBar } from './coverage-bar';
import { DataPointDetail } from './data-point-detail';
import { type EntityOption, entityOptions } from './entity-options';
import { relativeTime } from './relative-time';

const BASE = '/devices/all';

interface TableData {
  points: DataPoint[];
  intents: DataPointIntent[];
  /** null when the site tree is not available: the dialog then asks for an entity id. */
  entities: EntityOption[] | null;
  /** Why the site tree is not available, said beside the table rather than swallowed. */
  placesFailure: string | null;
}

async function loadTable(): Promise<TableData> {
  const [points, intents, places] = await Promise.all([
    api.getDataPoint({}),
    api.dataPointIntents(),
    api.siteTree().then(
      (tree) => ({ entities: entityOptions(tree.sites), failure: null }),
      (error: Error) => ({ entities: null, failure: error.message }),
    ),
  ]);
  return {
    points: points.dataPoints,
    intents: intents.intents,
    entities: places.entities,
    placesFailure: places.failure,
  };
}

/** Where a row leads: the route names the point, so the details can be linked to and survive a reload. */
export function detailPath(point: Pick<DataPoint, 'id' | 'name'>): string {
  return `${BASE}/${encodeURIComponent(point.name)}/details/${point.id}`;
}

/** Every data point of the organisation with how its data is doing; a row opens its details; new points in a dialog. */
export default function DataPointTable({ data }: WidgetProps<'data-point-table'>) {
  const [version, setVersion] = useState(0);
  // A choice made on a suspicious step changes the open warnings of its point.
  const stepsChanged = useAtomValue(stepsChangedAtom);
  const state = useApiData(loadTable, `${version} ${stepsChanged}`);
  const [query, setQuery] = useState('');
  const [adding, setAdding] = useState(false);
  const navigate = useNavigate();
  const params = useParams();
  const selectedId = Number(params.id) || null;
  const now = Date.now();
  // Offered only when the layout allows it and the role may: the server refuses a viewer's point.
  const canAddPoint = useCan('addDataPointsRef');
  const allowAdd = (data.allowAdd ?? true) && canAddPoint;

  const added = (id: number, name: string) => {
    setAdding(false);
    notify.success(`${name} was added`);
    setVersion((value) => value + 1);
    navigate(detailPath({ id, name }));
  };

  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h2" size="md">
          {data.heading ?? 'Data feeds'}
        </Heading>
        {allowAdd && state.status === 'loaded' && state.data.points.length > 0 ? (
          <Button size="sm" onClick={() => setAdding(true)} disabled={state.data.entities?.length === 0}>
            Add data point
          </Button>
        ) : null}
      </HStack>
      {state.status === 'loaded' && state.data.placesFailure ? (
        <Text role="alert" fontSize="sm" color="fg.warning">
          Your sites and places could not be loaded: {state.data.placesFailure} A new data point is placed by
          the number of its site, building, room or asset until they load.
        </Text>
      ) : null}
      <DataState state={state} what="Your data points">
        {({ points, entities }) => {
          if (points.length === 0) {
            return (
              <NoPoints
                canAdd={allowAdd}
                mayAdd={canAddPoint}
                hasPlaces={entities === null || entities.length > 0}
                onAdd={() => setAdding(true)}
              />
            );
          }
          const shown = searchPoints(points, query);
          const selected = points.find((point) => point.id === selectedId);
          return (
            <Stack gap="4">
              <Input
                type="search"
                placeholder="Search by name, place, unit or type"
                aria-label="Search data points"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                maxW="md"
              />
              {selected ? (
                <DataPointDetail point={selected} now={now} onClose={() => navigate(BASE)} />
              ) : null}
              {shown.length === 0 ? (
                <Text color="fg.muted">No data point matches “{query}”.</Text>
              ) : (
                <PointsTable
                  points={shown}
                  selectedId={selectedId}
                  now={now}
                  onOpen={(point) => navigate(detailPath(point))}
                />
              )}
            </Stack>
          );
        }}
      </DataState>
      {adding && allowAdd && state.status === 'loaded' ? (
        <AddDataPointDialog
          intents={state.data.intents}
          entities={state.data.entities}
          onClose={() => setAdding(false)}
          onAdded={added}
        />
      ) : null}
    </Stack>
  );
}

function searchPoints(points: DataPoint[], query: string): DataPoint[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return points;
  return points.filter((point) =>
    [point.name, point.unit, point.intent, point.kind, point.source, ...point.entityPath].some((text) =>
      text.toLowerCase().includes(needle),
    ),
  );
}

function PointsTable({
  points,
  selectedId,
  now,
  onOpen,
}: {
  points: DataPoint[];
  selectedId: number | null;
  now: number;
  onOpen: (point: DataPoint) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" interactive>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Name</Table.ColumnHeader>
            <Table.ColumnHeader>On</Table.ColumnHeader>
            <Table.ColumnHeader>Unit</Table.ColumnHeader>
            <Table.ColumnHeader>Kind</Table.ColumnHeader>
            <Table.ColumnHeader>Source</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Last value</Table.ColumnHeader>
            <Table.ColumnHeader>Last seen</Table.ColumnHeader>
            <Table.ColumnHeader>Coverage (30 days)</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {points.map((point) => (
            <Table.Row
              key={point.id}
              onClick={() => onOpen(point)}
              cursor="pointer"
              aria-selected={point.id === selectedId}
              bg={point.id === selectedId ? 'bg.muted' : undefined}
            >
              <Table.Cell>
                {/* The row opens it on click; the link is for keyboards and new tabs. */}
                <RouterLink to={detailPath(point)} onClick={(event) => event.stopPropagation()}>
                  {point.name}
                </RouterLink>
                {point.openSteps > 0 ? (
                  <Badge ms="2" colorPalette="orange" title={t('registerSteps.heading')}>
                    {t('registerSteps.openCount', { number: point.openSteps })}
                  </Badge>
                ) : null}
              </Table.Cell>
              <Table.Cell color="fg.muted">{point.entityPath.join(' › ')}</Table.Cell>
              <Table.Cell>{point.unit}</Table.Cell>
              <Table.Cell>{point.kind}</Table.Cell>
              <Table.Cell>{point.source}</Table.Cell>
              <Table.Cell textAlign="end">{formatValue(point.lastValue, point.unit)}</Table.Cell>
              <Table.Cell title={point.lastSeen ?? undefined}>{relativeTime(point.lastSeen, now)}</Table.Cell>
              <Table.Cell>
                <CoverageBar percent={point.coverage} readings={point.readings} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

const WHAT_A_POINT_IS = 'A data point is one meter or sensor reading on a site, building, room or asset.';

/** How to start measuring; a role that may not add data points is told whom to ask instead. */
function noPointsText(mayAdd: boolean, hasPlaces: boolean): string {
  if (!mayAdd)
    return `${WHAT_A_POINT_IS} Editors of your organisation add them; ask one if you need a meter added.`;
  if (!hasPlaces) return 'Data points are measured on a site, building, room or asset. Add a site first.';
  return `${WHAT_A_POINT_IS} Add one, then import a meter file or push readings to it.`;
}

/** The honest empty state: nothing measured yet, and the way to start. */
function NoPoints({
  canAdd,
  mayAdd,
  hasPlaces,
  onAdd,
}: {
  /** Adding is offered here: the layout allows it and the role may. */
  canAdd: boolean;
  /** The role may add data points, whatever the layout says. */
  mayAdd: boolean;
  hasPlaces: boolean;
  onAdd: () => void;
}) {
  // The sites page is worth a link only to a role that may add a site there.
  const canAddPlace = useCan('addEntity');
  return (
    <EmptyState.Root>
      <EmptyState.Content>
        <VStack textAlign="center">
          <EmptyState.Title>No data points yet</EmptyState.Title>
          <EmptyState.Description>{noPointsText(mayAdd, hasPlaces)}</EmptyState.Description>
        </VStack>
        {canAdd && hasPlaces ? <Button onClick={onAdd}>Add a data point</Button> : null}
        {!hasPlaces && canAddPlace ? (
          <Button asChild variant="outline">
            <RouterLink to="/sites">Add a site</RouterLink>
          </Button>
        ) : null}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
