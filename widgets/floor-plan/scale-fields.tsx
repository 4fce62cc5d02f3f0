import { HStack, Switch } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { FloorPlanColourScale } from '../../src/generated/api-types';
import { FormField } from '../shared/form-field';

/** What the default scale starts from when a person switches one on: a comfortable room's temperatures. */
const ROOM_TEMPERATURES = { min: 18, max: 26 };

/** Colours by alerts, or by a scale whose two ends the person sets (a heat map of room temperatures). */
export function ScaleFields({
  scale,
  onChange,
}: {
  scale: FloorPlanColourScale;
  onChange: (scale: FloorPlanColourScale) => void;
}) {
  const { t } = useTranslation('floor-plan');
  const end = (which: 'min' | 'max', text: string) => {
    const value = Number(text);
    if (scale && text.trim() !== '' && Number.isFinite(value)) onChange({ ...scale, [which]: value });
  };
  return (
    <HStack gap="3" wrap="wrap" align="end">
      <Switch.Root
        size="sm"
        checked={scale !== null}
        onCheckedChange={(details) => onChange(details.checked ? ROOM_TEMPERATURES : null)}
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>{t('scale.on')}</Switch.Label>
      </Switch.Root>
      {scale ? (
        <>
          <FormField
            label={t('scale.min')}
            name="scaleMin"
            type="number"
            step="any"
            width="28"
            defaultValue={scale.min}
            onChange={(event) => end('min', event.currentTarget.value)}
          />
          <FormField
            label={t('scale.max')}
            name="scaleMax"
            type="number"
            step="any"
            width="28"
            defaultValue={scale.max}
            onChange={(event) => end('max', event.currentTarget.value)}
          />
        </>
      ) : null}
    </HStack>
  );
}
