import { Badge, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ForecastAccuracy, ForecastResponse } from '../../src/generated/api-types';
import { formatDate, formatValue } from '../shared/format';
import { ScrollRegion } from '../shared/scroll-region';

/**
 * Which model was picked and why, then every candidate's backtest on the
 * held-out week against Guideline 14's limits: the figures an M&V engineer
 * checks before trusting a baseline.
 */
export function ForecastFigures({ answer }: { answer: ForecastResponse }) {
  const { t } = useTranslation('forecast');
  const chosen = answer.candidates.find((candidate) => candidate.model === answer.model)?.backtest;
  const reference = answer.candidates.find((candidate) => candidate.model === 'seasonalNaive')?.backtest;
  const limits = answer.guideline14;
  return (
    <Stack gap="3">
      <Text data-testid="forecast-choice">
        {t(`reason.${answer.reason}`, {
          model: t(`models.${answer.model}`),
          cvrmse: percent(chosen?.cvrmse),
          reference: percent(reference?.cvrmse),
        })}{' '}
        {answer.temperaturePoint
          ? t('temperatureFrom', { name: answer.temperaturePoint.name })
          : t('noTemperature')}
      </Text>
      {/* Above the table, not its caption: a caption scrolls sideways with a table wider than a phone. */}
      <Text textStyle="sm" color="fg.muted">
        {t('figures.caption', {
          from: formatDate(answer.training.heldOutFrom, false),
          to: formatDate(Date.parse(answer.training.heldOutTo) - 1, false),
          cvrmse: limits.cvrmseMax,
          nmbe: limits.nmbeMax,
        })}
      </Text>
      <ScrollRegion label={t('figures.label')}>
        <Table.Root size="sm" aria-label={t('figures.label')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('figures.model')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">CV(RMSE)</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">NMBE</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">MAPE</Table.ColumnHeader>
              <Table.ColumnHeader>{t('figures.guideline14')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {answer.candidates.map((candidate) => (
              <Table.Row
                key={candidate.model}
                data-testid="forecast-candidate"
                aria-current={candidate.model === answer.model ? 'true' : undefined}
                fontWeight={candidate.model === answer.model ? 'semibold' : undefined}
              >
                <Table.Cell>
                  {t(`models.${candidate.model}`)}
                  {candidate.model === answer.model ? ` (${t('figures.chosen')})` : ''}
                </Table.Cell>
                {candidate.backtest ? (
                  <Backtest backtest={candidate.backtest} />
                ) : (
                  <Table.Cell colSpan={4} color="fg.muted">
                    {t('figures.notTried', {
                      why: candidate.skipped ? t(`skipped.${candidate.skipped}`) : '',
                    })}
                  </Table.Cell>
                )}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ScrollRegion>
    </Stack>
  );
}

function Backtest({ backtest }: { backtest: ForecastAccuracy }) {
  const { t } = useTranslation('forecast');
  return (
    <>
      <Table.Cell textAlign="end">{percent(backtest.cvrmse)}</Table.Cell>
      <Table.Cell textAlign="end">{percent(backtest.nmbe)}</Table.Cell>
      <Table.Cell textAlign="end">{percent(backtest.mape)}</Table.Cell>
      <Table.Cell>
        <Badge colorPalette={backtest.meetsGuideline14 ? 'green' : 'orange'} variant="subtle">
          {t(backtest.meetsGuideline14 ? 'figures.meets' : 'figures.misses')}
        </Badge>
      </Table.Cell>
    </>
  );
}

function percent(value: number | null | undefined): string {
  return formatValue(value, '%', 1);
}
