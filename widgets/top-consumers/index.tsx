import { Badge, Box, Progress, Stack, Text } from '@chakra-ui/react';
import { api } from '../../src/api/endpoints';
import { useApiData } from '../../src/api/use-api-data';
import type { WidgetData, WidgetProps } from '../../src/engine/widget-types';
import type { UsageRank } from '../../src/generated/api-types';
import { autoPrecision, type Comparison, compareWith } from '../shared/change';
import { DataState } from '../shared/data-state';
import { formatValue } from '../shared/format';
import { isoWindow, type PeriodName, periodWindows } from '../shared/periods';
import { resolvePoints } from '../shared/resolve-points';

type TopData = WidgetData<'top-consumers'>;

interface Loaded {
  ranking: UsageRank[];
  unit: string;
  total: number;
}

async function loadRanking(data: TopData): Promise<Loaded> {
  const unit = data.unit ?? 'kWh';
  let dataPointIds: number[] | undefined;
  if (data.tags && data.tags.length > 0) {
    const { points } = await resolvePoints({ intent: data.intent, unit, tags: data.tags });
    if (points.length === 0) return { ranking: [], unit, total: 0 };
    dataPointIds = points.map((point) => point.id);
  }
  const usage = await api.usage({
    ...isoWindow(periodWindows((data.period ?? 'month') as PeriodName).current),
    by: data.by ?? 'dataPoint',
    unit,
    limit: data.limit ?? 5,
    ...(data.intent ? { intent: data.intent } : {}),
    ...(dataPointIds ? { dataPointIds } : {}),
  });
  if (!usage || !Array.isArray(usage.ranking)) throw new Error('the server sent no ranking');
  return { ranking: usage.ranking, unit: usage.unit || unit, total: usage.total };
}

/** The largest consumers over a period, with their share and their change against the period before. */
export default function TopConsumersWidget({ data }: WidgetProps<'top-consumers'>) {
  const state = useApiData(() => loadRanking(data), JSON.stringify(data));
  const period = periodWindows((data.period ?? 'month') as PeriodName);
  const bySite = data.by === 'site';
  const what = bySite ? 'The sites ranked by consumption' : 'The top consumers';
  return (
    <DataState state={state} what={what}>
      {({ ranking, unit }) => {
        const listed = ranking.filter((rank) => rank.total > 0);
        if (listed.length === 0) {
          return (
            <Text color="fg.muted" role="status">
              No {data.intent ?? 'consumption'} recorded {period.label}.
            </Text>
          );
        }
        const largest = Math.max(...listed.map((rank) => rank.total));
        return (
          <Stack gap="3">
            <Text textStyle="sm" color="fg.muted">
              {`${bySite ? 'Sites' : 'Data points'} by ${data.intent ?? 'consumption'} in ${unit}, ${period.label}, with the change against the period before`}
            </Text>
            <Stack as="ol" gap="3" listStyleType="none" aria-label={what}>
              {listed.map((rank, index) => (
                <Box as="li" key={rank.id} data-testid="consumer">
                  <Box display="flex" justifyContent="space-between" alignItems="baseline" gap="3">
                    <Text fontWeight="medium" truncate title={rank.name}>
                      <Text as="span" color="fg.muted" me="2">
                        {index + 1}.
                      </Text>
                      {rank.name}
                    </Text>
                    <Text whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                      {formatValue(rank.total, unit, autoPrecision(rank.total))}
                    </Text>
                  </Box>
                  <Progress.Root
                    value={largest > 0 ? (rank.total / largest) * 100 : 0}
                    size="sm"
                    colorPalette="blue"
                    my="1"
                    aria-label={`${rank.name}: ${formatValue(rank.share, '%', 1)} of the total`}
                  >
                    <Progress.Track>
                      <Progress.Range />
                    </Progress.Track>
                  </Progress.Root>
                  <Box
                    display="flex"
                    justifyContent="space-between"
                    alignItems="center"
                    gap="3"
                    fontSize="sm"
                  >
                    <Text color="fg.muted" truncate>
                      {[
                        bySite || !rank.site ? '' : rank.site,
                        `${formatValue(rank.share, '%', 1)} of the total`,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                    <Change comparison={compareWith(rank.total, rank.previousTotal)} />
                  </Box>
                </Box>
              ))}
            </Stack>
          </Stack>
        );
      }}
    </DataState>
  );
}

/** Consumption going down is good news. */
function Change({ comparison }: { comparison: Comparison }) {
  if (comparison.kind === 'no-previous') {
    return (
      <Text color="fg.muted" whiteSpace="nowrap">
        no earlier data
      </Text>
    );
  }
  if (comparison.kind === 'previous-zero') {
    return (
      <Text color="fg.muted" whiteSpace="nowrap">
        none before
      </Text>
    );
  }
  const { percent } = comparison;
  const direction = percent > 0 ? 'up' : percent < 0 ? 'down' : 'flat';
  const palette = direction === 'flat' ? 'gray' : direction === 'down' ? 'green' : 'red';
  return (
    <Badge colorPalette={palette} variant="subtle" data-testid="consumer-change" whiteSpace="nowrap">
      <span aria-hidden="true">{direction === 'up' ? '▲' : direction === 'down' ? '▼' : ''}</span>
      {direction === 'flat' ? 'no change' : `${direction} ${formatValue(Math.abs(percent), '%', 1)}`}
    </Badge>
  );
}
