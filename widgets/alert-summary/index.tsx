import { Badge, HStack, Stack, Stat, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { type AlertSummary, useAlertSummary } from '../../src/data/alert-summary';
import { usePeriod } from '../../src/data/page-period';
import type { WidgetProps } from '../../src/engine/widget-types';
import { SEVERITIES, SEVERITY_PALETTE } from '../../src/ui/alert-severity';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { formatCount, formatValue } from '../shared/format';
import { periodText } from '../shared/period-text';

const HOUR_MS = 3_600_000;

/**
 * What the alert rules said over a period: how many alerts fired, by
 * severity, how long they fired, and the rules that fired most. A report's
 * alert summary; on a dashboard, this month's.
 */
export default function AlertSummaryWidget({ data }: WidgetProps<'alert-summary'>) {
  const { t } = useTranslation('alert-summary');
  const { t: shared } = useTranslation('shared');
  const period = usePeriod(data.period, 'month');
  const state = fromQuery(useAlertSummary({ period }));
  const during = periodText(shared, period).during;
  return (
    <DataState state={state} what={t('what')}>
      {(summary) =>
        summary.alerts === 0 ? (
          <Text color="fg.muted" role="status">
            {t('none', { period: during, count: summary.points })}
          </Text>
        ) : (
          <SummaryView summary={summary} during={during} limit={data.limit ?? 10} />
        )
      }
    </DataState>
  );
}

function SummaryView({ summary, during, limit }: { summary: AlertSummary; during: string; limit: number }) {
  const { t } = useTranslation('alert-summary');
  const hours = (ms: number) => formatValue(ms / HOUR_MS, 'h', 1);
  return (
    <Stack gap="4">
      <Text textStyle="sm" color="fg.muted">
        {t('caption', { period: during, count: summary.points })}
      </Text>
      <HStack gap="8" wrap="wrap" align="start">
        <Stat.Root flex="0">
          <Stat.Label>{t('alerts')}</Stat.Label>
          <Stat.ValueText>{formatCount(summary.alerts)}</Stat.ValueText>
        </Stat.Root>
        <Stat.Root flex="0">
          <Stat.Label>{t('firing')}</Stat.Label>
          <Stat.ValueText>{hours(summary.firingMs)}</Stat.ValueText>
        </Stat.Root>
        <HStack gap="2" alignSelf="end" wrap="wrap" aria-label={t('bySeverity')} role="group">
          {[...SEVERITIES].reverse().map((severity) => (
            <Badge key={severity} colorPalette={SEVERITY_PALETTE[severity]} size="lg">
              {t(`severity.${severity}`)}: {formatCount(summary.bySeverity[severity])}
            </Badge>
          ))}
        </HStack>
      </HStack>
      <Table.Root size="sm" aria-label={t('rules')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('table.rule')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('table.dataPoint')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('table.severity')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('table.alerts')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('table.firing')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {summary.rules.slice(0, limit).map((rule) => (
            <Table.Row key={`${rule.ruleName} ${rule.dataPointName}`}>
              <Table.Cell>{rule.ruleName}</Table.Cell>
              <Table.Cell>{rule.dataPointName}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={SEVERITY_PALETTE[rule.severity]}>{t(`severity.${rule.severity}`)}</Badge>
              </Table.Cell>
              <Table.Cell textAlign="end">{formatCount(rule.count)}</Table.Cell>
              <Table.Cell textAlign="end">{hours(rule.firingMs)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {summary.rules.length > limit ? (
        <Text textStyle="sm" color="fg.muted">
          {t('more', { count: summary.rules.length - limit })}
        </Text>
      ) : null}
    </Stack>
  );
}
