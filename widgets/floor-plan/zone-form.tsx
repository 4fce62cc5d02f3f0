import { Button, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FloorPlanZone } from '../../src/generated/api-types';
import { FormField, formText } from '../shared/form-field';
import type { PlaceWithPath } from './organisation-points';
import { PlaceOptions } from './place-options';

/**
 * A zone being drawn: the corners clicked on the plan so far, its name, and
 * the place it is (a room, say), and the point whose value colours it.
 */
export function ZoneForm({
  corners,
  points,
  places,
  onAdd,
  onCancel,
}: {
  corners: number[][];
  /** The points that may colour it: the organisation's. */
  points: { id: number; name: string }[];
  /** The places it may be: the organisation's rooms and zones, and the rest of its places. */
  places: PlaceWithPath[];
  onAdd: (zone: Omit<FloorPlanZone, 'key'>) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('floor-plan');
  const [pointId, setPointId] = useState('');
  const [placeId, setPlaceId] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (corners.length < 3) return;
    onAdd({
      name: formText(event.currentTarget, 'zoneName'),
      points: corners,
      ...(pointId ? { dataPointId: Number(pointId) } : {}),
      ...(placeId ? { placeId: Number(placeId) } : {}),
    });
  };
  return (
    <form onSubmit={submit} aria-label={t('zone.label')}>
      <Stack gap="2" borderWidth="1px" borderRadius="md" p="3">
        <Text fontSize="sm" role="status">
          {t('zone.corners', { count: corners.length })}
        </Text>
        <HStack gap="3" wrap="wrap" align="end">
          <FormField label={t('zone.name')} name="zoneName" required maxLength={80} width="56" />
          <NativeSelect.Root size="sm" width="auto" minW="48">
            <NativeSelect.Field
              aria-label={t('zone.point')}
              value={pointId}
              onChange={(event) => setPointId(event.currentTarget.value)}
            >
              <option value="">{t('zone.noPoint')}</option>
              {points.map((point) => (
                <option key={point.id} value={point.id}>
                  {point.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <NativeSelect.Root size="sm" width="auto" minW="48">
            <NativeSelect.Field
              aria-label={t('zone.place')}
              value={placeId}
              onChange={(event) => setPlaceId(event.currentTarget.value)}
            >
              <option value="">{t('zone.noPlace')}</option>
              <PlaceOptions places={places} />
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Button size="sm" variant="ghost" onClick={onCancel}>
            {t('edit.cancel')}
          </Button>
          <Button type="submit" size="sm" disabled={corners.length < 3}>
            {t('zone.add')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
