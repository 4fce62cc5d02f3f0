import { Badge, Box, HStack, Link, List, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { alertPeriodsQuery } from '../../src/data/alerts';
import type { AlertPeriod, GetChartDataByDateResponse } from '../../src/generated/api-types';
import { SEVERITY_PALETTE } from '../../src/ui/alert-severity';
import { formatDate } from '../shared/format';
import { type PlotMargin, plotX } from './brush';
import { FailedLine } from './failed-line';

/** As many points as one request for alert periods may name (its contract's maxItems). */
const MAX_POINTS = 50;

/** The firings of the charted points' rules within the charted period, asked for once a chart is loaded. */
export function useAlertMarks(response: GetChartDataByDateResponse | null) {
  const request = useMemo(() => {
    if (!response) return null;
    const dataPointIds = [...new Set(response.series.map((serie) => serie.dataPointId))].slice(0, MAX_POINTS);
    return dataPointIds.length === 0 ? null : { dataPointIds, from: response.from, to: response.to };
  }, [response]);
  return useQuery({
    ...alertPeriodsQuery(request ?? { dataPointIds: [], from: '', to: '' }),
    enabled: request !== null,
  });
}

/**
 * Each firing over the plot as a band in its severity's colour, from when
 * it fired to when it resolved (or the period's end), with a bar on top:
 * seen at a glance against the lines. The list under the charts says the
 * same in words.
 */
export function AlertBands({
  alerts,
  domain,
  width,
  height,
  margin,
}: {
  alerts: readonly AlertPeriod[];
  domain: { from: number; to: number };
  width: number;
  height: number;
  margin: PlotMargin;
}) {
  const x = plotX(domain, width, margin);
  return (
    <Box position="absolute" inset="0" pointerEvents="none" aria-hidden="true">
      {alerts.map((alert) => {
        const left = x(Date.parse(alert.firedAt));
        const right = x(alert.resolvedAt ? Date.parse(alert.resolvedAt) : domain.to);
        return (
          <Box
            key={alert.id}
            data-testid="alert-band"
            data-rule={alert.ruleName}
            colorPalette={SEVERITY_PALETTE[alert.severity]}
            position="absolute"
            // Inline: a class per band and size would be a style rule each.
            style={{
              left: `${left}px`,
              width: `${Math.max(2, right - left)}px`,
              top: `${margin.top}px`,
              height: `${Math.max(0, height - margin.top - margin.bottom)}px`,
            }}
          >
            {/* A faint tint of the severity's own colour reads on light and dark alike; the bar on top at full strength. */}
            <Box position="absolute" inset="0" bg="colorPalette.solid" opacity={0.14} />
            <Box position="absolute" top="0" left="0" right="0" height="3px" bg="colorPalette.solid" />
          </Box>
        );
      })}
    </Box>
  );
}

/** The period's firings in words, oldest first, each with its rule, severity and span; or why they are missing. */
export function AlertMarksList({ marks }: { marks: ReturnType<typeof useAlertMarks> }) {
  const { t } = useTranslation('data-explorer');
  if (marks.isError) {
    return (
      <FailedLine
        message={t('alerts.failed', { message: marks.error.message })}
        onRetry={() => marks.refetch()}
      />
    );
  }
  const alerts = marks.data?.alerts ?? [];
  if (alerts.length === 0) return null;
  return (
    <Stack as="section" aria-label={t('alerts.heading')} gap="1" data-testid="explorer-alerts">
      <HStack justify="space-between" wrap="wrap">
        <Text fontSize="sm" fontWeight="medium">
          {t('alerts.heading')}
        </Text>
        <Link asChild fontSize="sm">
          <RouterLink to="/control/logicbuilder">{t('alerts.all')}</RouterLink>
        </Link>
      </HStack>
      <List.Root variant="plain" gap="1">
        {alerts.map((alert) => (
          <List.Item key={alert.id} fontSize="sm">
            <HStack gap="2" wrap="wrap">
              <Badge colorPalette={SEVERITY_PALETTE[alert.severity]}>{t(`alerts.${alert.severity}`)}</Badge>
              <Text fontWeight="medium">{alert.ruleName}</Text>
              <Text color="fg.muted">
                {alert.resolvedAt
                  ? t('alerts.period', {
                      from: formatDate(alert.firedAt, true),
                      to: formatDate(alert.resolvedAt, true),
                    })
                  : t('alerts.stillFiring', { from: formatDate(alert.firedAt, true) })}
              </Text>
            </HStack>
          </List.Item>
        ))}
      </List.Root>
    </Stack>
  );
}
