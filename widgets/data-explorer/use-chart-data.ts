import type { TFunction } from 'i18next';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../src/generated/api-client';
import type { GetChartDataByDateRequest, GetChartDataByDateResponse } from '../../src/generated/api-types';

export type ChartData =
  | { status: 'idle' }
  /** `shown` is the last answer, drawn dimmed until the new one arrives. */
  | { status: 'loading'; shown?: GetChartDataByDateResponse }
  | { status: 'failed'; message: string }
  | { status: 'loaded'; data: GetChartDataByDateResponse };

interface Answer {
  key: string;
  data?: GetChartDataByDateResponse;
  message?: string;
}

/**
 * The series for a request, fetched again whenever the request changes. The
 * answer is kept with the request it answers, so "loading" is simply an
 * answer to another request, and a late answer to an old one is dropped.
 */
export function useChartData(request: GetChartDataByDateRequest | null, waiting: boolean) {
  const { t } = useTranslation('data-explorer');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [round, setRound] = useState(0);
  const key = request ? `${round}|${JSON.stringify(request)}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the request and the round.
  useEffect(() => {
    if (!request) return;
    let current = true;
    api.getChartDataByDate(request).then(
      (data) => {
        if (!current) return;
        if (!data || !Array.isArray(data.series)) setAnswer({ key, message: t('chart.noSeriesError') });
        else setAnswer({ key, data });
      },
      (error: Error) => current && setAnswer({ key, message: error.message }),
    );
    return () => {
      current = false;
    };
  }, [key]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { state: chartState(request, waiting, key, answer, t), reload };
}

function chartState(
  request: GetChartDataByDateRequest | null,
  waiting: boolean,
  key: string,
  answer: Answer | null,
  t: TFunction,
): ChartData {
  if (!request) return waiting ? { status: 'loading' } : { status: 'idle' };
  if (answer?.key !== key)
    return answer?.data ? { status: 'loading', shown: answer.data } : { status: 'loading' };
  if (answer.data) return { status: 'loaded', data: answer.data };
  return { status: 'failed', message: answer.message ?? t('chart.unknownError') };
}
