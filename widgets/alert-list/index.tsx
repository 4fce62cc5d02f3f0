import { Badge, Button, Heading, HStack, Stack, Switch, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { alertsQuery, useAcknowledgeAlert } from '../../src/data/alerts';
import type { WidgetProps } from '../../src/engine/widget-types';
import type { Alert } from '../../src/generated/api-types';
import { SEVERITY_PALETTE } from '../../src/ui/alert-severity';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { notify } from '../../src/ui/toaster';
import { formatDate } from '../shared/format';
import { STACKED_ROWS_WHEN_NARROW, STACKING_CONTAINER } from '../shared/stacked-rows';
import { AlertHistory } from './alert-history';

const STATE_PALETTE = { pending: 'yellow', firing: 'red', resolved: 'green' } as const;

/** The table's columns, by their text's key. */
const COLUMNS = ['rule', 'dataPoint', 'severity', 'state', 'started', 'reading', 'acknowledged'] as const;

/**
 * The organisation's alerts: the open ones, or the recent ones resolved too,
 * asked again every half minute as the bell is. An open alert not yet
 * acknowledged has a button for it.
 */
export default function AlertList({ data }: WidgetProps<'alert-list'>) {
  const { t } = useTranslation('alert-list');
  const [withResolved, setWithResolved] = useState(false);
  const [opened, setOpened] = useState<number | null>(null);
  const placeId = Number(useParams().entityId) || null;
  const request = {
    ...(withResolved ? { state: 'all' as const } : {}),
    ...(data.dataPointId ? { dataPointId: data.dataPointId } : {}),
    ...(data.placeInAddress && placeId !== null ? { entityId: placeId } : {}),
  };
  const state = fromQuery(useQuery(alertsQuery(request)));
  const acknowledge = useAcknowledgeAlert();
  const heading = data.heading ?? t('heading');

  const acknowledgeAlert = async (alert: Alert) => {
    try {
      await acknowledge.mutateAsync(alert.id);
      notify.success(t('acknowledgedDone', { name: alert.ruleName }));
    } catch (error) {
      notify.warning((error as Error).message);
    }
  };

  return (
    <Stack as="section" aria-label={heading} gap="3">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h2" size="md">
          {heading}
        </Heading>
        <Switch.Root
          checked={withResolved}
          onCheckedChange={({ checked }) => setWithResolved(checked)}
          size="sm"
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{t('withResolved')}</Switch.Label>
        </Switch.Root>
      </HStack>
      <DataState state={state} what={t('what')}>
        {({ alerts }) =>
          alerts.length === 0 ? (
            <Text>{withResolved ? t('emptyAll') : t('emptyOpen')}</Text>
          ) : (
            <Table.ScrollArea css={STACKING_CONTAINER}>
              <Table.Root size="sm" css={STACKED_ROWS_WHEN_NARROW}>
                <Table.Header>
                  <Table.Row>
                    {COLUMNS.map((column) => (
                      <Table.ColumnHeader key={column}>{t(column)}</Table.ColumnHeader>
                    ))}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {alerts.map((alert) => (
                    <Fragment key={alert.id}>
                      <Table.Row data-testid="alert-row">
                        <Table.Cell fontWeight="medium">{alert.ruleName}</Table.Cell>
                        <Table.Cell data-label={t('dataPoint')}>{alert.dataPointName}</Table.Cell>
                        <Table.Cell data-label={t('severity')}>
                          <Badge colorPalette={SEVERITY_PALETTE[alert.severity]}>{t(alert.severity)}</Badge>
                        </Table.Cell>
                        <Table.Cell data-label={t('state')}>
                          <Badge colorPalette={STATE_PALETTE[alert.state]} variant="solid">
                            {t(alert.state)}
                          </Badge>
                        </Table.Cell>
                        <Table.Cell data-label={t('started')} whiteSpace="nowrap">
                          {formatDate(alert.firedAt ?? alert.startedAt, true)}
                        </Table.Cell>
                        <Table.Cell data-label={t('reading')}>
                          {alert.value === null ? t('silent') : String(alert.value)}
                        </Table.Cell>
                        <Table.Cell data-label={t('acknowledged')}>
                          {alert.acknowledgedBy !== null ? (
                            <Text fontSize="sm">{t('acknowledgedBy', { name: alert.acknowledgedBy })}</Text>
                          ) : alert.state !== 'resolved' ? (
                            <Button
                              size="xs"
                              variant="outline"
                              disabled={acknowledge.isPending}
                              onClick={() => acknowledgeAlert(alert)}
                            >
                              {t('acknowledge')}
                            </Button>
                          ) : null}
                          <Button
                            size="xs"
                            variant="ghost"
                            aria-expanded={opened === alert.id}
                            aria-label={t('historyOf', { name: alert.ruleName })}
                            onClick={() => setOpened(opened === alert.id ? null : alert.id)}
                          >
                            {t('history')}
                          </Button>
                        </Table.Cell>
                      </Table.Row>
                      {opened === alert.id ? (
                        <Table.Row>
                          <Table.Cell colSpan={COLUMNS.length}>
                            <AlertHistory alert={alert} />
                          </Table.Cell>
                        </Table.Row>
                      ) : null}
                    </Fragment>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )
        }
      </DataState>
    </Stack>
  );
}
