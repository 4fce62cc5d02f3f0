import { NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { FloorPlanMarker } from '../../src/generated/api-types';
import type { OrganisationPlaces, OrganisationPoints } from './organisation-points';

/** What a pick places: a data point or an asset, by id. */
export type Placed = { dataPointId: number } | { assetId: number };

/**
 * Picks one of the organisation's data points or assets not on the plan yet,
 * to place it in the plan's middle (to be dragged where it belongs).
 */
export function PlacePointPicker({
  placed,
  points,
  assets,
  onPick,
}: {
  placed: FloorPlanMarker[];
  /** The organisation's data points and assets, as they are being read. */
  points: OrganisationPoints;
  assets: OrganisationPlaces['assets'];
  onPick: (placed: Placed) => void;
}) {
  const { t } = useTranslation('floor-plan');
  const pointsOn = new Set(placed.flatMap((marker) => (marker.dataPointId ? [marker.dataPointId] : [])));
  const assetsOn = new Set(placed.flatMap((marker) => (marker.assetId ? [marker.assetId] : [])));
  const freePoints = (points.data ?? []).filter((point) => !pointsOn.has(point.id));
  const freeAssets = assets.filter((asset) => !assetsOn.has(asset.id));
  return (
    <NativeSelect.Root size="sm" width="auto" minW="56" disabled={points.isPending}>
      <NativeSelect.Field
        aria-label={t('edit.place')}
        value=""
        onChange={(event) => {
          const [kind, id] = event.currentTarget.value.split(':');
          if (kind === 'point') onPick({ dataPointId: Number(id) });
          if (kind === 'asset') onPick({ assetId: Number(id) });
        }}
      >
        <option value="">{points.isError ? t('edit.pointsFailed') : t('edit.place')}</option>
        <optgroup label={t('edit.points')}>
          {freePoints.map((point) => (
            <option key={point.id} value={`point:${point.id}`}>
              {point.name}
            </option>
          ))}
        </optgroup>
        {freeAssets.length > 0 ? (
          <optgroup label={t('edit.assets')}>
            {freeAssets.map((asset) => (
              <option key={asset.id} value={`asset:${asset.id}`}>
                {asset.name}
              </option>
            ))}
          </optgroup>
        ) : null}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
