import { Badge, Button, Heading, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useCan } from '../../src/auth/use-can';
import { DATA_POINTS_KEY, useDataPointsChanged } from '../../src/data/data-points';
import { siteTreeQuery } from '../../src/data/places';
import type { WidgetProps } from '../../src/engine/widget-types';
import { api } from '../../src/generated/api-client';
import type { DataPoint, DataPointIntent } from '../../src/generated/api-types';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { notify } from '../../src/ui/toaster';
import { EmptyNotice } from '../shared/empty-notice';
import { formatValue } from '../shared/format';
import { STACKED_ROWS_WHEN_NARROW, STACKING_CONTAINER } from '../shared/stacked-rows';
import { useRefreshOnceLeft } from '../shared/use-refresh-once-left';
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

/** Under the data points' key, so whatever changes a data point refreshes the table. */
const TABLE_KEY = [...DATA_POINTS_KEY, 'table'] as const;

/** The points, their intents and the places to move one to: the tree is the places' own cached answer. */
async function loadTable(client: QueryClient): Promise<TableData> {
  const [points, intents, places] = await Promise.all([
    api.getDataPoint({}),
    api.dataPointIntents(),
    client.fetchQuery(siteTreeQuery()).then(
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
  const { t } = useTranslation('data-point-table');
  // Asked again when a data point changes, or a choice on a suspicious step changes its open warnings.
  const state = fromQuery(useQuery({ queryKey: TABLE_KEY, queryFn: ({ client }) => loadTable(client) }));
  const pointsChanged = useDataPointsChanged();
  const [query, setQuery] = useState('');
  const [adding, setAdding] = useState(false);
  const navigate = useNavigate();
  const params = useParams();
  const selectedId = Number(params.id) || null;
  const now = Date.now();
  // The data points are read again once the page has left the one deleted: its details and steps ask for it till then.
  const deletedPoint = useRefreshOnceLeft(selectedId, pointsChanged);
  // Offered only when the layout allows it and the role may: the server refuses a viewer's point.
  const canAddPoint = useCan('addDataPointsRef');
  const allowAdd = (data.allowAdd ?? true) && canAddPoint;

  // The dialog's mutation has had the table asked again by now, so the new point's details open at once.
  const added = (id: number, name: string) => {
    setAdding(false);
    notify.success(t('added', { name }));
    navigate(detailPath({ id, name }));
  };

  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h2" size="md">
          {data.heading ?? t('heading')}
        </Heading>
        {allowAdd && state.status === 'loaded' && state.data.points.length > 0 ? (
          <Button size="sm" onClick={() => setAdding(true)} disabled={state.data.entities?.length === 0}>
            {t('addPoint')}
          </Button>
        ) : null}
      </HStack>
      {state.status === 'loaded' && state.data.placesFailure ? (
        <Text role="alert" fontSize="sm" color="fg.warning">
          {t('placesFailed', { message: state.data.placesFailure })}
        </Text>
      ) : null}
      <DataState state={state} what={t('what')}>
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
          const shown = searchPoints(points, query, t);
          const selected = points.find((point) => point.id === selectedId);
          return (
            <Stack gap="4">
              <Input
                type="search"
                placeholder={t('search.placeholder')}
                aria-label={t('search.label')}
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                maxW="md"
              />
              {selected ? (
                <DataPointDetail
                  point={selected}
                  now={now}
                  onClose={() => navigate(BASE)}
                  onDeleted={(name) => {
                    notify.success(t('shared:delete.deleted', { name }));
                    deletedPoint(selected.id);
                    navigate(BASE);
                  }}
                />
              ) : null}
              {shown.length === 0 ? (
                <Text color="fg.muted">{t('search.noMatch', { query })}</Text>
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

/** By name, place, unit, intent, kind (as stored or as shown in the chosen language) or source. */
function searchPoints(points: DataPoint[], query: string, t: TFunction): DataPoint[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return points;
  return points.filter((point) =>
    [
      point.name,
      point.unit,
      point.intent,
      point.kind,
      t(`kindNames.${point.kind}`),
      point.source,
      ...point.entityPath,
    ].some((text) => text.toLowerCase().includes(needle)),
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
  const { t } = useTranslation('data-point-table');
  return (
    <Table.ScrollArea css={STACKING_CONTAINER}>
      <Table.Root size="sm" interactive css={STACKED_ROWS_WHEN_NARROW}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('columns.name')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('columns.on')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('columns.unit')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('columns.kind')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('columns.source')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('columns.lastValue')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('columns.lastSeen')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('columns.coverage')}</Table.ColumnHeader>
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
                  <Badge ms="2" colorPalette="orange" title={t('steps.heading')}>
                    {t('steps.openCount', { number: point.openSteps })}
                  </Badge>
                ) : null}
              </Table.Cell>
              <Table.Cell color="fg.muted" data-label={t('columns.on')}>
                {point.entityPath.join(' › ')}
              </Table.Cell>
              <Table.Cell data-label={t('columns.unit')}>{point.unit}</Table.Cell>
              <Table.Cell data-label={t('columns.kind')}>{t(`kindNames.${point.kind}`)}</Table.Cell>
              <Table.Cell data-label={t('columns.source')}>{point.source}</Table.Cell>
              <Table.Cell textAlign="end" data-label={t('columns.lastValue')}>
                {formatValue(point.lastValue, point.unit)}
              </Table.Cell>
              <Table.Cell title={point.lastSeen ?? undefined} data-label={t('columns.lastSeen')}>
                {relativeTime(point.lastSeen, now, t)}
              </Table.Cell>
              <Table.Cell data-label={t('columns.coverage')}>
                <CoverageBar percent={point.coverage} readings={point.readings} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** How to start measuring, as a key of the empty state; a role that may not add data points is told whom to ask instead. */
function noPointsText(
  mayAdd: boolean,
  hasPlaces: boolean,
): 'empty.viewer' | 'empty.noPlaces' | 'empty.editor' {
  if (!mayAdd) return 'empty.viewer';
  if (!hasPlaces) return 'empty.noPlaces';
  return 'empty.editor';
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
  const { t } = useTranslation('data-point-table');
  // The sites page is worth a link only to a role that may add a site there.
  const canAddPlace = useCan('addEntity');
  return (
    <EmptyNotice size="md" title={t('empty.title')} description={t(noPointsText(mayAdd, hasPlaces))}>
      {canAdd && hasPlaces ? <Button onClick={onAdd}>{t('empty.addPoint')}</Button> : null}
      {!hasPlaces && canAddPlace ? (
        <Button asChild variant="outline">
          <RouterLink to="/sites">{t('empty.addSite')}</RouterLink>
        </Button>
      ) : null}
    </EmptyNotice>
  );
}
