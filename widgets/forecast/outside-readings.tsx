import { List, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ForecastResponse } from '../../src/generated/api-types';
import { formatDate, formatValue } from '../shared/format';

/** A week of hours can hold dozens: the largest few are what a person looks into first. */
const LISTED = 8;

/**
 * The readings the model did not expect: outside the forecast's interval,
 * largest departure first. Where the forecast days have not passed yet,
 * nothing is listed.
 */
export function OutsideReadings({ answer }: { answer: ForecastResponse }) {
  const { t } = useTranslation('forecast');
  const withReadings = answer.points.filter((step) => step.actual !== null);
  if (withReadings.length === 0) return null;
  const outside = answer.points
    .filter((step) => step.outside && step.actual !== null)
    .map((step) => ({ ...step, departure: (step.actual as number) - step.forecast }))
    .sort((a, b) => Math.abs(b.departure) - Math.abs(a.departure));
  const unit = answer.dataPoint.unit;
  const hourly = answer.resolution === 'hour';
  return (
    <Stack gap="2" data-testid="forecast-outside">
      <Text fontWeight="semibold">
        {t('outside.title', { count: outside.length, of: withReadings.length })}
      </Text>
      {outside.length === 0 ? (
        <Text color="fg.muted">{t('outside.none')}</Text>
      ) : (
        <List.Root ps="5">
          {outside.slice(0, LISTED).map((step) => (
            <List.Item key={step.t}>
              {t(step.departure > 0 ? 'outside.above' : 'outside.below', {
                when: formatDate(step.t, hourly),
                actual: formatValue(step.actual, unit, 1),
                lower: formatValue(step.lower, undefined, 1),
                upper: formatValue(step.upper, unit, 1),
              })}
            </List.Item>
          ))}
        </List.Root>
      )}
    </Stack>
  );
}
