import { Box, Grid, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TariffVersion } from '../../src/generated/api-types';
import { formatUnitPrice } from '../shared/format';
import { ScrollRegion } from '../shared/scroll-region';
import { mondayOf, type PreviewDay, weekPrices } from './week-prices';
import { windowPalette } from './window-colours';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/**
 * A week of the tariff hour by hour, as it would be charged: which window
 * each local hour falls in and its price, for any week the person picks, so
 * a summer, a holiday or the week a new version starts can be checked.
 */
export function WeekPreview({
  versions,
  currency,
  unit,
  today,
}: {
  versions: TariffVersion[];
  currency: string;
  unit: string;
  today: string;
}) {
  const { t } = useTranslation('tariffs');
  const [day, setDay] = useState(today);
  const days = weekPrices(versions, mondayOf(day));
  const priceUnit = `${currency}/${unit}`;
  return (
    <Stack gap="3">
      <HStack gap="3" wrap="wrap">
        <Text textStyle="sm">{t('preview.weekOf')}</Text>
        <Input
          type="date"
          size="sm"
          maxW="12rem"
          value={day}
          aria-label={t('preview.weekOf')}
          onChange={(event) => event.target.value && setDay(event.target.value)}
        />
      </HStack>
      <ScrollRegion label={t('preview.label')}>
        <Grid templateColumns="6.5rem repeat(24, minmax(1.5rem, 1fr))" gap="1px" minW="46rem">
          <Box />
          {HOURS.map((hour) => (
            <Text key={hour} textStyle="2xs" color="fg.muted" textAlign="center">
              {hour}
            </Text>
          ))}
          {days.map((previewDay) => (
            <PreviewRow key={previewDay.date} day={previewDay} priceUnit={priceUnit} />
          ))}
        </Grid>
      </ScrollRegion>
      <PriceLegend days={days} priceUnit={priceUnit} />
    </Stack>
  );
}

function PreviewRow({ day, priceUnit }: { day: PreviewDay; priceUnit: string }) {
  const { t, i18n } = useTranslation('tariffs');
  const label = new Date(`${day.date}T12:00:00Z`).toLocaleDateString(i18n.language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  return (
    <>
      <Text textStyle="xs" color="fg.muted" alignSelf="center" truncate>
        {label}
        {day.dayType === 'holiday' ? ` · ${t('dayTypes.holiday')}` : ''}
      </Text>
      {day.hours.map(({ window, price }, hour) => {
        const priceText = price === null ? t('preview.noPrice') : formatUnitPrice(price, priceUnit);
        return (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: the hours of a day
            key={hour}
            role="img"
            aria-label={t('preview.cell', { date: label, hour, price: priceText })}
            title={priceText}
            bg={window === null ? 'bg.muted' : `${windowPalette(window)}.solid`}
            color={window === null ? 'fg.muted' : `${windowPalette(window)}.contrast`}
            textAlign="center"
            textStyle="2xs"
            lineHeight="1.5rem"
          >
            {window === null ? '–' : window + 1}
          </Box>
        );
      })}
    </>
  );
}

/** Each window used this week: its number, name, first block's price and how many hours it holds. */
function PriceLegend({ days, priceUnit }: { days: PreviewDay[]; priceUnit: string }) {
  const { t } = useTranslation('tariffs');
  // By window and price: a week a new version starts in may price the same window twice.
  const used = new Map<string, { window: number; name: string; hours: number; price: number | null }>();
  for (const { hours } of days) {
    for (const { window, name, price } of hours) {
      if (window === null || name === null) continue;
      const key = `${window}:${name}:${price}`;
      const seen = used.get(key) ?? { window, name, hours: 0, price };
      used.set(key, { ...seen, hours: seen.hours + 1 });
    }
  }
  return (
    <HStack gap="4" wrap="wrap" data-testid="week-legend">
      {[...used].map(([key, { window, name, hours, price }]) => (
        <HStack key={key} gap="2">
          <Box w="3" h="3" borderRadius="sm" bg={`${windowPalette(window)}.solid`} />
          <Text textStyle="sm">
            {t('preview.legend', {
              number: window + 1,
              name,
              price: price === null ? t('preview.noPrice') : formatUnitPrice(price, priceUnit),
              hours,
            })}
          </Text>
        </HStack>
      ))}
    </HStack>
  );
}
