import { Box, chakra, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useHourOfWeek } from '../../src/data/hour-of-week';
import { usePeriod } from '../../src/data/page-period';
import type { WidgetProps } from '../../src/engine/widget-types';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { formatValue } from '../shared/format';
import { intentName } from '../shared/intent-text';
import { missingText } from '../shared/missing-text';
import { periodText } from '../shared/period-text';
import { ScrollRegion } from '../shared/scroll-region';
import { useUnmatchedTagsText } from '../shared/use-unmatched-tags-text';
import { cellColor, extent, GRADIENT, hourRange, peak, toGrid, weekdayName } from './cells';

/** A week of hours has no "today": a page showing today leaves the heatmap on its own default. */
const PERIODS = ['7d', '30d', '90d', 'month', 'year'] as const;

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

/** Mean consumption per hour of each weekday over a period (its own, else the page's), darker where more is used. */
export default function UsageHeatmapWidget({ data }: WidgetProps<'usage-heatmap'>) {
  const { t } = useTranslation('usage-heatmap');
  const { t: shared } = useTranslation('shared');
  const periodName = usePeriod(data.period, '30d', PERIODS);
  const state = fromQuery(
    useHourOfWeek({
      dataPoints: data.dataPoints,
      intent: data.intent,
      unit: data.unit,
      tags: data.tags,
      period: periodName,
    }),
  );
  const period = periodText(shared, periodName).during;
  const intent = data.intent ?? (data.dataPoints ? undefined : 'electricity');
  const what = intent ? t('what.intent', { intent: intentName(shared, intent) }) : t('what.consumption');
  const untaggedText = useUnmatchedTagsText();
  return (
    <DataState state={state} what={what}>
      {({ cells, unit, missing, unmatchedTags }) => {
        const untagged = untaggedText(data.intent, unmatchedTags);
        const grid = toGrid(cells);
        const range = extent(grid);
        if (!range) {
          return (
            <Stack gap="1" role="status">
              <Text color="fg.muted">{t('noRecorded', { period })}</Text>
              {missing.length > 0 ? <Text textStyle="sm">{missingText(shared, missing)}</Text> : null}
            </Stack>
          );
        }
        const busiest = peak(grid);
        const caption = t('caption', { unit, period });
        return (
          <Stack gap="3">
            <Text textStyle="sm" color="fg.muted">
              {caption}
            </Text>
            <ScrollRegion label={caption}>
              <chakra.table
                width="full"
                minW="md"
                style={{ tableLayout: 'fixed', borderCollapse: 'separate', borderSpacing: '2px' }}
              >
                <VisuallyHidden as="caption">{caption}</VisuallyHidden>
                <thead>
                  <tr>
                    <chakra.th w="10" />
                    {HOURS.map((hour) => (
                      <chakra.th
                        key={hour}
                        scope="col"
                        fontSize="2xs"
                        fontWeight="normal"
                        color="fg.muted"
                        textAlign="start"
                      >
                        {hour % 3 === 0 ? (
                          String(hour).padStart(2, '0')
                        ) : (
                          <VisuallyHidden>{String(hour).padStart(2, '0')}</VisuallyHidden>
                        )}
                      </chakra.th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {WEEKDAYS.map((weekday) => (
                    <tr key={weekday}>
                      <chakra.th scope="row" fontSize="xs" fontWeight="normal" textAlign="start" pe="1">
                        <span aria-hidden="true">{weekdayName(weekday, 'short')}</span>
                        <VisuallyHidden>{weekdayName(weekday)}</VisuallyHidden>
                      </chakra.th>
                      {HOURS.map((hour) => {
                        const mean = grid[weekday - 1]?.[hour] ?? null;
                        const label = t('cell', {
                          day: weekdayName(weekday),
                          hours: hourRange(hour),
                          value: mean === null ? t('noData') : formatValue(mean, unit),
                        });
                        return (
                          <chakra.td
                            key={hour}
                            h="5"
                            borderRadius="xs"
                            title={label}
                            data-empty={mean === null || undefined}
                            borderWidth={mean === null ? '1px' : '0'}
                            borderStyle="dashed"
                            borderColor="border"
                            style={
                              mean === null
                                ? undefined
                                : { background: cellColor(mean, range.min, range.max) }
                            }
                          >
                            <VisuallyHidden>{label}</VisuallyHidden>
                          </chakra.td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </chakra.table>
            </ScrollRegion>
            <Box display="flex" flexWrap="wrap" alignItems="center" columnGap="4" rowGap="2" fontSize="xs">
              <Box display="flex" alignItems="center" gap="2">
                <Text>{formatValue(range.min, unit, 1)}</Text>
                <Box w="24" h="2.5" borderRadius="xs" style={{ background: GRADIENT }} aria-hidden="true" />
                <Text>{formatValue(range.max, unit, 1)}</Text>
              </Box>
              <Box display="flex" alignItems="center" gap="1.5">
                <Box
                  w="3"
                  h="3"
                  borderWidth="1px"
                  borderStyle="dashed"
                  borderColor="border"
                  aria-hidden="true"
                />
                <Text>{t('noData')}</Text>
              </Box>
              {busiest ? (
                <Text color="fg.muted">
                  {t('busiest', {
                    day: weekdayName(busiest.weekday),
                    hours: hourRange(busiest.hour),
                    value: formatValue(busiest.mean, unit, 1),
                  })}
                </Text>
              ) : null}
            </Box>
            {missing.length > 0 ? <Text textStyle="sm">{missingText(shared, missing)}</Text> : null}
            {untagged ? <Text textStyle="sm">{untagged}</Text> : null}
          </Stack>
        );
      }}
    </DataState>
  );
}
