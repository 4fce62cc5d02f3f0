import { Box, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Line } from '@nivo/line';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useLastDay } from '../../src/data/floor-plans';
import type { FloorPlanPoint } from '../../src/generated/api-types';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { ChartBox } from '../shared/chart-box';
import { CHART_COLORS, chartTheme } from '../shared/chart-theme';
import { columnsToNivo } from '../shared/nivo-series';

/** The picked point: its latest value and when, its last 24 hours as a small chart, and the way into the explorer. */
export function PointDetails({ point, valueText }: { point: FloorPlanPoint; valueText: string }) {
  const { t, i18n } = useTranslation('floor-plan');
  const state = fromQuery(useLastDay(point.id));
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" p="3" data-testid="point-details">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h3" size="sm">
          {point.name}
        </Heading>
        <Link asChild fontSize="sm">
          <RouterLink to={`/data/explorer?points=${point.id}&range=today`}>{t('details.explore')}</RouterLink>
        </Link>
      </HStack>
      <Text fontSize="sm">
        {point.latest
          ? t('details.latest', {
              value: valueText,
              time: new Date(point.latest.time).toLocaleString(i18n.language, {
                dateStyle: 'medium',
                timeStyle: 'short',
              }),
            })
          : t('noValue')}
      </Text>
      <DataState state={state} what={t('details.what', { name: point.name })}>
        {({ series }) => {
          const columns = series[0]?.points;
          if (!columns || columns.v.every((value) => value === null)) {
            return (
              <Text fontSize="sm" color="fg.muted">
                {t('details.none')}
              </Text>
            );
          }
          return (
            <ChartBox h="32" role="img" aria-label={t('details.chart', { name: point.name })}>
              {(size) => (
                <Box>
                  <Line
                    {...size}
                    data={[columnsToNivo(point.name, columns)]}
                    margin={{ top: 8, right: 8, bottom: 24, left: 40 }}
                    xScale={{ type: 'time', format: 'native' }}
                    yScale={{ type: 'linear', min: 'auto', max: 'auto' }}
                    axisBottom={{ format: '%H:%M', tickValues: 4 }}
                    axisLeft={{ tickValues: 3 }}
                    enablePoints={false}
                    enableGridX={false}
                    colors={CHART_COLORS}
                    theme={chartTheme}
                    isInteractive={false}
                    animate={size.animate}
                    role="presentation"
                  />
                </Box>
              )}
            </ChartBox>
          );
        }}
      </DataState>
    </Stack>
  );
}
