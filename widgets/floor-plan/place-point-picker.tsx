import { NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { FloorPlanMarker } from '../../src/generated/api-types';
import type { OrganisationPoints } from './organisation-points';

/** Picks one of the organisation's data points not on the plan yet, to place it (in the plan's middle). */
export function PlacePointPicker({
  placed,
  points,
  onPick,
}: {
  placed: FloorPlanMarker[];
  /** The organisation's data points, as they are being read. */
  points: OrganisationPoints;
  onPick: (dataPointId: number) => void;
}) {
  const { t } = useTranslation('floor-plan');
  const onPlan = new Set(placed.flatMap((marker) => (marker.dataPointId ? [marker.dataPointId] : [])));
  const free = (points.data ?? []).filter((point) => !onPlan.has(point.id));
  return (
    <NativeSelect.Root size="sm" width="auto" minW="56" disabled={points.isPending}>
      <NativeSelect.Field
        aria-label={t('edit.place')}
        value=""
        onChange={(event) => {
          const id = Number(event.currentTarget.value);
          if (id) onPick(id);
        }}
      >
        <option value="">{points.isError ? t('edit.pointsFailed') : t('edit.place')}</option>
        {free.map((point) => (
          <option key={point.id} value={point.id}>
            {point.name}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
