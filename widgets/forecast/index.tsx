import { Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ForecastChoice, forecastQuery, forecastRequest } from '../../src/data/forecast';
import { pointSearchQuery } from '../../src/data/point-search';
import type { WidgetProps } from '../../src/engine/widget-types';
import type { ExplorerDataPoint, ForecastResponse } from '../../src/generated/api-types';
import { DataState, type DataStateInput, fromQuery } from '../../src/ui/data-state';
import { ForecastChart } from './forecast-chart';
import { ForecastFigures } from './forecast-figures';
import { OutsideReadings } from './outside-readings';

const TRAINING_WEEKS = [4, 8, 13, 26, 52] as const;

/**
 * A data point's forecast from the model that won its backtest, beside the
 * readings where the forecast days have passed: how much a building should
 * have used, and when it used more. The choices are the person's, the first
 * ones the layout's.
 */
export default function ForecastWidget({ data }: WidgetProps<'forecast'>) {
  const { t } = useTranslation('forecast');
  const points = useQuery(pointSearchQuery({}));
  const [picked, setPicked] = useState<number>();
  const [trainingWeeks, setTrainingWeeks] = useState<number>(data.trainingWeeks ?? 8);
  const [target, setTarget] = useState<ForecastChoice['target']>(data.target ?? 'past');
  const [horizon, setHorizon] = useState<ForecastChoice['horizon']>(data.horizon ?? 'week');
  const [resolution, setResolution] = useState<ForecastChoice['resolution']>(data.resolution ?? 'hour');
  const choices = forecastable(points.data ?? []);
  const dataPointId = picked ?? firstChoice(choices, data.dataPoint)?.id;
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
        <Choice
          label={t('point')}
          value={String(dataPointId ?? '')}
          onChange={(value) => setPicked(Number(value))}
        >
          {dataPointId === undefined ? <option value="">{t('noPoint')}</option> : null}
          {choices.map((point) => (
            <option key={point.id} value={point.id}>
              {point.path.length > 0 ? `${point.name} · ${point.path[0]}` : point.name}
            </option>
          ))}
        </Choice>
        <Choice
          label={t('training')}
          value={String(trainingWeeks)}
          onChange={(value) => setTrainingWeeks(Number(value))}
        >
          {TRAINING_WEEKS.map((weeks) => (
            <option key={weeks} value={weeks}>
              {t('weeks', { count: weeks })}
            </option>
          ))}
        </Choice>
        <Choice
          label={t('target.label')}
          value={target}
          onChange={(value) => setTarget(value as ForecastChoice['target'])}
        >
          <option value="past">{t(`target.past.${horizon}`)}</option>
          <option value="ahead">{t(`target.ahead.${horizon}`)}</option>
        </Choice>
        <Choice
          label={t('horizon.label')}
          value={horizon}
          onChange={(value) => setHorizon(value as ForecastChoice['horizon'])}
        >
          <option value="day">{t('horizon.day')}</option>
          <option value="week">{t('horizon.week')}</option>
        </Choice>
        <Choice
          label={t('resolution.label')}
          value={resolution}
          onChange={(value) => setResolution(value as ForecastChoice['resolution'])}
        >
          <option value="hour">{t('resolution.hour')}</option>
          <option value="day">{t('resolution.day')}</option>
        </Choice>
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
                <ForecastChart answer={answer} />
                <OutsideReadings answer={answer} />
              </Stack>
            ) : null
          }
        </DataState>
      )}
    </Stack>
  );
}

/** Never sent: the query is disabled until a point is picked, and needs a request to build its key. */
const EMPTY_REQUEST = { dataPointId: 1, trainFrom: '', trainTo: '' };

/** Points whose readings follow a week's rhythm: consumption and the states a building keeps; its weather is an input. */
function forecastable(points: readonly ExplorerDataPoint[]): ExplorerDataPoint[] {
  return points.filter((point) => point.intent !== 'outdoorTemperature');
}

/** The layout's point by name; else the first main electricity meter, the point most people forecast first. */
function firstChoice(points: readonly ExplorerDataPoint[], named: string | undefined) {
  const byName = named ? points.find((point) => point.name === named) : undefined;
  return (
    byName ??
    points.find(
      (point) =>
        point.intent === 'electricity' && point.kind !== 'instantaneous' && point.tags.includes('fiscal'),
    ) ??
    points.find((point) => point.kind !== 'instantaneous') ??
    points[0]
  );
}

function Choice({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <Field.Root width="auto">
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
