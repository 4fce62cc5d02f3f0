import { Badge, Button, Link, Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { FloorPlan, FloorPlanPoint } from '../../src/generated/api-types';
import { pointLook } from './plan-colours';
import type { PlanContent } from './plan-draft';

/**
 * What the plan shows, as a table: each marker's point with its latest value
 * and state (what the canvas draws, for keyboards and screen readers too),
 * then its zones; a row picks its marker. Editors take markers and zones off.
 */
export function PlanList({
  plan,
  content,
  editing,
  selected,
  onSelect,
  onRemoveMarker,
  onRemoveZone,
  valueText,
  unsavedNames,
  unsavedAssets,
  at,
}: {
  plan: FloorPlan;
  content: PlanContent;
  editing: boolean;
  selected: string | undefined;
  onSelect: (key: string) => void;
  onRemoveMarker: (key: string) => void;
  onRemoveZone: (key: string) => void;
  valueText: (point: FloorPlanPoint) => string;
  /** Names of points placed in this edit, which the plan's answer does not hold yet. */
  unsavedNames: ReadonlyMap<number, string>;
  unsavedAssets: ReadonlyMap<number, string>;
  /** The moment shown, when a day is replayed; now otherwise. */
  at?: number;
}) {
  const { t, i18n } = useTranslation('floor-plan');
  const points = new Map(plan.points.map((point) => [point.id, point]));
  const now = at ?? Date.now();
  const stateText = (point: FloorPlanPoint) => {
    const look = pointLook(point, content.colourScale, now);
    if (look.stale) return t('state.stale');
    if (point.alert)
      return t(`state.${point.alert.state}`, { severity: t(`severity.${point.alert.severity}`) });
    return point.latest ? t('state.normal') : t('state.none');
  };
  const removeButton = (onRemove: () => void) => (
    <Table.Cell textAlign="end">
      <Button size="xs" variant="ghost" colorPalette="red" onClick={onRemove}>
        {t('edit.remove')}
      </Button>
    </Table.Cell>
  );
  return (
    <Table.Root size="sm" aria-label={t('list.label', { name: plan.name })}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('list.point')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('list.value')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('list.state')}</Table.ColumnHeader>
          {editing ? <Table.ColumnHeader /> : null}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {content.markers.map((marker) => {
          const point = marker.dataPointId ? points.get(marker.dataPointId) : undefined;
          const asset = marker.assetId
            ? (plan.assets.find((each) => each.id === marker.assetId) ?? {
                name: unsavedAssets.get(marker.assetId) ?? t('marker.unknown'),
              })
            : undefined;
          return (
            <Table.Row
              key={marker.key}
              data-testid={`marker-${marker.key}`}
              bg={marker.key === selected ? 'bg.emphasized' : undefined}
              aria-selected={marker.key === selected}
              tabIndex={0}
              cursor="pointer"
              onClick={() => onSelect(marker.key)}
              onKeyDown={(event) => event.key === 'Enter' && onSelect(marker.key)}
            >
              <Table.Cell>
                {point ? (
                  <Link asChild>
                    <RouterLink to={`/data/explorer?points=${point.id}&range=today`}>{point.name}</RouterLink>
                  </Link>
                ) : (
                  (asset?.name ??
                  (marker.dataPointId && unsavedNames.get(marker.dataPointId)) ??
                  t('marker.unknown'))
                )}
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {point ? valueText(point) : '–'}
              </Table.Cell>
              <Table.Cell>
                {point ? (
                  <Badge
                    variant="subtle"
                    style={{
                      borderInlineStart: `4px solid ${pointLook(point, content.colourScale, now).colour}`,
                    }}
                    title={
                      point.latest ? new Date(point.latest.time).toLocaleString(i18n.language) : undefined
                    }
                  >
                    {stateText(point)}
                  </Badge>
                ) : null}
              </Table.Cell>
              {editing ? removeButton(() => onRemoveMarker(marker.key)) : null}
            </Table.Row>
          );
        })}
        {content.zones.map((zone) => {
          const point = zone.dataPointId ? points.get(zone.dataPointId) : undefined;
          return (
            <Table.Row key={zone.key} data-testid={`zone-${zone.key}`}>
              <Table.Cell>{t('list.zone', { name: zone.name })}</Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {point ? valueText(point) : '–'}
              </Table.Cell>
              <Table.Cell>{point ? stateText(point) : null}</Table.Cell>
              {editing ? removeButton(() => onRemoveZone(zone.key)) : null}
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}
