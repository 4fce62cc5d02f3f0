import { Button, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CellRange } from './tariff-draft';

const MONTHS = Array.from({ length: 12 }, (_, month) => month);
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/**
 * The week grid's rectangle chosen with the keyboard: months from and to,
 * hours from and to, painted with the chosen window, for whoever does not
 * drag a mouse, and for a range too long to drag on a phone.
 */
export function RangeFill({ onFill }: { onFill: (range: CellRange) => void }) {
  const { t } = useTranslation('tariffs');
  const [range, setRange] = useState<CellRange>({ months: [0, 11], hours: [8, 19] });
  const select = (
    label: string,
    value: number,
    options: number[],
    text: (value: number) => string,
    set: (value: number) => void,
  ) => (
    <NativeSelect.Root size="xs" width="auto">
      <NativeSelect.Field
        aria-label={label}
        value={value}
        onChange={(event) => set(Number(event.target.value))}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {text(option)}
          </option>
        ))}
      </NativeSelect.Field>
    </NativeSelect.Root>
  );
  const month = (value: number) => t(`months.${value}`);
  const hour = (value: number) => `${String(value).padStart(2, '0')}:00`;
  return (
    <HStack gap="2" wrap="wrap" role="group" aria-label={t('fill.label')}>
      <Text textStyle="sm">{t('fill.months')}</Text>
      {select(t('fill.fromMonth'), range.months[0], MONTHS, month, (from) =>
        setRange({ ...range, months: [from, range.months[1]] }),
      )}
      <Text textStyle="sm">–</Text>
      {select(t('fill.toMonth'), range.months[1], MONTHS, month, (to) =>
        setRange({ ...range, months: [range.months[0], to] }),
      )}
      <Text textStyle="sm">{t('fill.hours')}</Text>
      {select(t('fill.fromHour'), range.hours[0], HOURS, hour, (from) =>
        setRange({ ...range, hours: [from, range.hours[1]] }),
      )}
      <Text textStyle="sm">–</Text>
      {select(t('fill.toHour'), range.hours[1], HOURS, hour, (to) =>
        setRange({ ...range, hours: [range.hours[0], to] }),
      )}
      <Button size="xs" variant="outline" onClick={() => onFill(range)}>
        {t('fill.apply')}
      </Button>
    </HStack>
  );
}
