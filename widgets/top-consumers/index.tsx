import { Badge, Box, Progress, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { usePeriod } from '../../src/data/page-period';
import { useRanking } from '../../src/data/ranking';
import type { WidgetProps } from '../../src/engine/widget-types';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { autoPrecision, type Comparison, compareWith } from '../shared/change';
import { changeText } from '../shared/figure-card';
import { formatValue } from '../shared/format';
import { intentInline } from '../shared/intent-text';
import { periodText } from '../shared/period-text';
import { useUnmatchedTagsText } from '../shared/use-unmatched-tags-text';

/**
 * The largest consumers over a period (its own, else the page's), with their
 * share and their change against the period before.
 */
export default function TopConsumersWidget({ data }: WidgetProps<'top-consumers'>) {
  const { t } = useTranslation('top-consumers');
  const { t: shared } = useTranslation('shared');
  const periodName = usePeriod(data.period, 'month');
  const state = fromQuery(
    useRanking({
      by: data.by ?? 'dataPoint',
      intent: data.intent,
      unit: data.unit ?? 'kWh',
      tags: data.tags,
      period: periodName,
      limit: data.limit ?? 5,
    }),
  );
  const period = periodText(shared, periodName).during;
  const intent = data.intent ? intentInline(shared, data.intent) : undefined;
  const bySite = data.by === 'site';
  const what = bySite ? t('what.sites') : t('what.points');
  const untaggedText = useUnmatchedTagsText();
  return (
    <DataState state={state} what={what}>
      {({ ranking, unit, unmatchedTags }) => {
        const untagged = untaggedText(data.intent, unmatchedTags);
        const listed = ranking.filter((rank) => rank.total > 0);
        if (listed.length === 0) {
          return (
            <Text color="fg.muted" role="status">
              {intent ? t('noRecordedIntent', { intent, period }) : t('noRecorded', { period })}
            </Text>
          );
        }
        const largest = Math.max(...listed.map((rank) => rank.total));
        return (
          <Stack gap="3">
            <Text textStyle="sm" color="fg.muted">
              {t(`caption.${bySite ? 'sites' : 'points'}${intent ? 'Intent' : ''}`, { intent, unit, period })}
            </Text>
            {untagged ? <Text textStyle="sm">{untagged}</Text> : null}
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
                    aria-label={t('nameShare', { name: rank.name, share: formatValue(rank.share, '%', 1) })}
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
                        t('share', { share: formatValue(rank.share, '%', 1) }),
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
  const { t } = useTranslation('top-consumers');
  const { t: shared } = useTranslation('shared');
  if (comparison.kind === 'no-previous') {
    return (
      <Text color="fg.muted" whiteSpace="nowrap">
        {t('noEarlier')}
      </Text>
    );
  }
  if (comparison.kind === 'previous-zero') {
    return (
      <Text color="fg.muted" whiteSpace="nowrap">
        {t('noneBefore')}
      </Text>
    );
  }
  const { percent } = comparison;
  const direction = percent > 0 ? 'up' : percent < 0 ? 'down' : 'flat';
  const palette = direction === 'flat' ? 'gray' : direction === 'down' ? 'green' : 'red';
  return (
    <Badge colorPalette={palette} variant="subtle" data-testid="consumer-change" whiteSpace="nowrap">
      <span aria-hidden="true">{direction === 'up' ? '▲' : direction === 'down' ? '▼' : ''}</span>
      {changeText(shared, direction, formatValue(Math.abs(percent), '%', 1))}
    </Badge>
  );
}
