import { Box, Button, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { anomaliesQuery } from '../../src/data/forecast';
import type { GetChartDataByDateResponse, PointAnomalies } from '../../src/generated/api-types';
import { DAY_MS, HOUR_MS } from '../../src/time/civil-time';
import { formatDate, formatValue } from '../shared/format';
import { type PlotMargin, plotX } from './brush';
import { FailedLine } from './failed-line';

/** Each point checked costs a fit: as many as the contract takes. */
const MAX_POINTS = 5;
/** As far as a forecast from the weeks before is asked to reach (the contract's limit). */
const MAX_DAYS = 31;
/** The largest departures a person reads first; the marks over the plot show every one. */
const LISTED = 10;
const MARK_COLOUR = '#e03131';

/** Why the chart's readings cannot be checked as it stands, or the request that checks them. */
export function anomaliesRequest(response: GetChartDataByDateResponse | null) {
  if (!response) return { request: null, why: null };
  const from = Date.parse(response.from);
  const to = Date.parse(response.to);
  if (to - from > MAX_DAYS * DAY_MS) return { request: null, why: 'tooLong' as const };
  const dataPointIds = [...new Set(response.series.map((serie) => serie.dataPointId))];
  if (dataPointIds.length === 0) return { request: null, why: null };
  return {
    request: { dataPointIds: dataPointIds.slice(0, MAX_POINTS), from: response.from, to: response.to },
    why: dataPointIds.length > MAX_POINTS ? ('firstFive' as const) : null,
  };
}

/** The chart's unexpected readings, asked for once the person asks and the period allows. */
export function useUnexpectedReadings(response: GetChartDataByDateResponse | null, asked: boolean) {
  const { request, why } = useMemo(() => anomaliesRequest(response), [response]);
  const query = useQuery({
    ...anomaliesQuery(request ?? { dataPointIds: [1], from: '', to: '' }),
    enabled: asked && request !== null,
  });
  return { query, why };
}

/**
 * A red tick at the foot of the plot for each unexpected hour of the panel's
 * points: seen at a glance against the lines. The list under the charts says
 * which, and by how much.
 */
export function UnexpectedTicks({
  points,
  domain,
  width,
  height,
  margin,
}: {
  points: readonly PointAnomalies[];
  domain: { from: number; to: number };
  width: number;
  height: number;
  margin: PlotMargin;
}) {
  const x = plotX(domain, width, margin);
  return (
    <Box position="absolute" inset="0" pointerEvents="none" aria-hidden="true">
      {points.flatMap((point) =>
        point.hours.map((hour) => {
          const left = x(Date.parse(hour.t));
          return (
            <Box
              key={`${point.dataPointId} ${hour.t}`}
              data-testid="unexpected-mark"
              position="absolute"
              bg={MARK_COLOUR}
              style={{
                left: `${left}px`,
                width: `${Math.max(2, x(Date.parse(hour.t) + HOUR_MS) - left)}px`,
                top: `${height - margin.bottom - 6}px`,
                height: '6px',
              }}
            />
          );
        }),
      )}
    </Box>
  );
}

/** The button that asks, then each point's unexpected hours in words, largest departure first; or why not. */
export function UnexpectedList({
  unexpected,
  asked,
  onAsk,
}: {
  unexpected: ReturnType<typeof useUnexpectedReadings>;
  asked: boolean;
  onAsk: () => void;
}) {
  const { t } = useTranslation('data-explorer');
  const { query, why } = unexpected;
  if (why === 'tooLong') {
    return (
      <Text fontSize="sm" color="fg.muted">
        {t('unexpected.tooLong', { days: MAX_DAYS })}
      </Text>
    );
  }
  if (!asked) {
    return (
      <HStack>
        <Button size="xs" variant="outline" onClick={onAsk}>
          {t('unexpected.check')}
        </Button>
      </HStack>
    );
  }
  if (query.isError) {
    return (
      <FailedLine
        message={t('unexpected.failed', { message: query.error.message })}
        onRetry={() => query.refetch()}
      />
    );
  }
  if (!query.data) {
    return (
      <Text fontSize="sm" color="fg.muted" aria-busy="true">
        {t('unexpected.checking')}
      </Text>
    );
  }
  return (
    <Stack as="section" aria-label={t('unexpected.heading')} gap="1" data-testid="explorer-unexpected">
      <Text fontSize="sm" fontWeight="medium">
        {t('unexpected.heading')}
      </Text>
      {why === 'firstFive' ? (
        <Text fontSize="xs" color="fg.muted">
          {t('unexpected.firstFive', { count: MAX_POINTS })}
        </Text>
      ) : null}
      {query.data.points.map((point) => (
        <Stack key={point.dataPointId} gap="0.5" fontSize="sm">
          <Text>
            {point.unchecked
              ? t('unexpected.unchecked', { name: point.name, why: point.unchecked })
              : t('unexpected.count', {
                  name: point.name,
                  count: point.hours.length,
                  of: point.hoursChecked,
                })}
          </Text>
          {point.hours.length > 0 ? (
            <List.Root ps="5" fontSize="sm" color="fg.muted">
              {[...point.hours]
                .sort((a, b) => Math.abs(b.actual - b.expected) - Math.abs(a.actual - a.expected))
                .slice(0, LISTED)
                .map((hour) => (
                  <List.Item key={hour.t}>
                    {t('unexpected.hour', {
                      when: formatDate(hour.t, true),
                      actual: formatValue(hour.actual, point.unit, 1),
                      lower: formatValue(hour.lower, undefined, 1),
                      upper: formatValue(hour.upper, point.unit, 1),
                    })}
                  </List.Item>
                ))}
            </List.Root>
          ) : null}
        </Stack>
      ))}
    </Stack>
  );
}
