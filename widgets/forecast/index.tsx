import { HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ForecastChoice, forecastQuery, forecastRequest } from '../../src/data/forecast';
import type { WidgetProps } from '../../src/engine/widget-types';
import type { ExplorerDataPoint, ForecastResponse } from '../../src/generated/api-types';
import { DataState, type DataStateInput, fromQuery } from '../../src/ui/data-state';
import { ChoiceSelect } from '../shared/choice-select';
import { Labelled } from '../shared/labelled';
import { ModelPointSelect, useModelPoint } from '../shared/model-point-select';
import { ForecastChart } from './forecast-chart';
import { ForecastFigures } from './forecast-figures';
import { KeepModelButton, KeptModels } from './kept-models';
import { OutsideReadings } from './outside-readings';

const TRAINING_WEEKS = [4, 8, 13, 26, 52] as const;
type TrainingWeeks = (typeof TRAINING_WEEKS)[number];

/**
 * A data point's forecast from the model that won its backtest, beside the
 * readings where the forecast days have passed: how much a building should
 * have used, and when it used more. The choices are the person's, the first
 * ones the layout's.
 */
export default function ForecastWidget({ data }: WidgetProps<'forecast'>) {
  const { t } = useTranslation('forecast');
  const { points, choices, dataPointId, pick } = useModelPoint(data.dataPoint, { consumptionOnly: false });
  const [trainingWeeks, setTrainingWeeks] = useState<TrainingWeeks>(data.trainingWeeks ?? 8);
  const [target, setTarget] = useState<ForecastChoice['target']>(data.target ?? 'past');
  const [horizon, setHorizon] = useState<ForecastChoice['horizon']>(data.horizon ?? 'week');
  const [resolution, setResolution] = useState<ForecastChoice['resolution']>(data.resolution ?? 'hour');
  const request =
    dataPointId === undefined
      ? undefined
      : forecastRequest({ dataPointId, trainingWeeks, target, horizon, resolution });
  const forecast = useQuery({ ...forecastQuery(request ?? EMPTY_REQUEST), enabled: request !== undefined });
  // Until a point is picked, the list of points is what loads (or fails).
  const shown: DataStateInput<ForecastResponse | ExplorerDataPoint[]> = request
    ? fromQuery(forecast)
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
        <Labelled label={t('training')}>
          <ChoiceSelect
            size="sm"
            value={trainingWeeks}
            onChange={setTrainingWeeks}
            choices={TRAINING_WEEKS.map((weeks) => ({ value: weeks, label: t('weeks', { count: weeks }) }))}
          />
        </Labelled>
        <Labelled label={t('target.label')}>
          <ChoiceSelect
            size="sm"
            value={target}
            onChange={setTarget}
            choices={(['past', 'ahead'] as const).map((value) => ({
              value,
              label: t(`target.${value}.${horizon}`),
            }))}
          />
        </Labelled>
        <Labelled label={t('horizon.label')}>
          <ChoiceSelect
            size="sm"
            value={horizon}
            onChange={setHorizon}
            choices={(['day', 'week'] as const).map((value) => ({ value, label: t(`horizon.${value}`) }))}
          />
        </Labelled>
        <Labelled label={t('resolution.label')}>
          <ChoiceSelect
            size="sm"
            value={resolution}
            onChange={setResolution}
            choices={(['hour', 'day'] as const).map((value) => ({ value, label: t(`resolution.${value}`) }))}
          />
        </Labelled>
      </HStack>
      {points.isSuccess && choices.length === 0 ? (
        <Text color="fg.muted" role="status">
          {t('noPoints')}
        </Text>
      ) : (
        <DataState state={shown} what={t('what')}>
          {(answer) =>
            'points' in answer ? (
              <Stack gap="4">
                <ForecastFigures answer={answer} />
                <KeepModelButton dataPointId={answer.dataPoint.id} trainingWeeks={trainingWeeks} />
                <ForecastChart answer={answer} />
                <OutsideReadings answer={answer} />
              </Stack>
            ) : null
          }
        </DataState>
      )}
      <KeptModels />
    </Stack>
  );
}

/** Never sent: the query is disabled until a point is picked, and needs a request to build its key. */
const EMPTY_REQUEST = { dataPointId: 1, trainFrom: '', trainTo: '' };
