import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { savingsQuery, savingsRequest } from '../../src/data/forecast';
import type { WidgetProps } from '../../src/engine/widget-types';
import type { ExplorerDataPoint, ForecastSavingsResponse } from '../../src/generated/api-types';
import { DataState, type DataStateInput, fromQuery } from '../../src/ui/data-state';
import { ChoiceSelect } from '../shared/choice-select';
import { formatDate, formatValue } from '../shared/format';
import { Labelled } from '../shared/labelled';
import { ModelPointSelect, useModelPoint } from '../shared/model-point-select';
import { SavingsChart } from './savings-chart';

const BASELINE_WEEKS = [4, 8, 13, 26, 52] as const;
const REPORTING_WEEKS = [1, 2, 4, 8, 13, 26, 52] as const;

/**
 * What a change saved: a model of the weeks before it predicts the weeks
 * since under their own weather, and the readings fall short of that by the
 * savings, said with their uncertainty and whether Guideline 14 would accept
 * them. The choices are the person's, the first ones the layout's.
 */
export default function SavingsWidget({ data }: WidgetProps<'savings'>) {
  const { t } = useTranslation('savings');
  const { points, choices, dataPointId, pick } = useModelPoint(data.dataPoint, { consumptionOnly: true });
  const [baselineWeeks, setBaselineWeeks] = useState<number>(data.baselineWeeks ?? 13);
  const [reportingWeeks, setReportingWeeks] = useState<number>(data.reportingWeeks ?? 1);
  const request =
    dataPointId === undefined ? undefined : savingsRequest({ dataPointId, baselineWeeks, reportingWeeks });
  const savings = useQuery({ ...savingsQuery(request ?? EMPTY_REQUEST), enabled: request !== undefined });
  // Until a point is picked, the list of points is what loads (or fails).
  const shown: DataStateInput<ForecastSavingsResponse | ExplorerDataPoint[]> = request
    ? fromQuery(savings)
    : fromQuery(points);
  return (
    <Stack gap="4">
      {data.heading ? (
        <Text textStyle="lg" fontWeight="semibold" as="h2">
          {data.heading}
        </Text>
      ) : null}
      <HStack gap="3" wrap="wrap" align="end">
        <ModelPointSelect
          label={t('point')}
          noPoint={t('noPoint')}
          choices={choices}
          value={dataPointId}
          onChange={pick}
        />
        <Labelled label={t('reporting')}>
          <ChoiceSelect
            size="sm"
            value={reportingWeeks}
            onChange={setReportingWeeks}
            choices={REPORTING_WEEKS.map((weeks) => ({
              value: weeks,
              label: t('lastWeeks', { count: weeks }),
            }))}
          />
        </Labelled>
        <Labelled label={t('baseline')}>
          <ChoiceSelect
            size="sm"
            value={baselineWeeks}
            onChange={setBaselineWeeks}
            choices={BASELINE_WEEKS.map((weeks) => ({
              value: weeks,
              label: t('weeksBefore', { count: weeks }),
            }))}
          />
        </Labelled>
      </HStack>
      {points.isSuccess && choices.length === 0 ? (
        <Text color="fg.muted" role="status">
          {t('noPoints')}
        </Text>
      ) : (
        <DataState state={shown} what={t('what')}>
          {(answer) => ('savings' in answer ? <SavingsFigures answer={answer} /> : null)}
        </DataState>
      )}
    </Stack>
  );
}

/** Never sent: the query is disabled until a point is picked, and needs a request to build its key. */
const EMPTY_REQUEST = {
  dataPointId: 1,
  baselineFrom: '',
  baselineTo: '',
  reportingFrom: '',
  reportingTo: '',
};

function SavingsFigures({ answer }: { answer: ForecastSavingsResponse }) {
  const { t } = useTranslation('savings');
  const unit = answer.dataPoint.unit;
  const saved = answer.savings >= 0;
  const amount = formatValue(Math.abs(answer.savings), unit, 0);
  const percent = answer.savingsPercent === null ? '–' : formatValue(Math.abs(answer.savingsPercent), '%', 1);
  return (
    <Stack gap="3">
      <Text textStyle="2xl" fontWeight="semibold" data-testid="savings-headline">
        {t(saved ? 'saved' : 'usedMore', { amount, percent })}
      </Text>
      <Text data-testid="savings-uncertainty">
        {t('uncertainty', { at90: formatValue(answer.uncertainty.at90, unit, 0) })}{' '}
        <Badge colorPalette={answer.uncertainty.meetsGuideline14 ? 'green' : 'orange'} variant="subtle">
          {t(answer.uncertainty.meetsGuideline14 ? 'meets' : 'misses')}
        </Badge>
      </Text>
      {answer.cost ? (
        <Text data-testid="savings-cost">
          {t(saved ? 'costSaved' : 'costMore', {
            amount: formatValue(Math.abs(answer.cost.savings), answer.cost.currency, 0),
            at90: formatValue(answer.cost.uncertaintyAt90, answer.cost.currency, 0),
            price: formatValue(answer.cost.unitPrice, `${answer.cost.currency}/${unit}`, 4),
          })}
        </Text>
      ) : null}
      <Text textStyle="sm" color="fg.muted">
        {t('how', {
          model: t(`models.${answer.model}`),
          from: formatDate(answer.baseline.from, false),
          to: formatDate(Date.parse(answer.baseline.to) - 1, false),
          cvrmse: formatValue(answer.baseline.cvrmse, '%', 1),
          predicted: formatValue(answer.predicted, unit, 0),
          actual: formatValue(answer.actual, unit, 0),
          hours: answer.reporting.hoursWithReadings,
        })}{' '}
        {answer.temperaturePoint
          ? t('temperatureFrom', { name: answer.temperaturePoint.name })
          : t('noTemperature')}
      </Text>
      <SavingsChart answer={answer} />
    </Stack>
  );
}
