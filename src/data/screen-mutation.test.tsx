import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { costChartQuery, periodCostsQuery } from '../../widgets/data-explorer/data';
import { seriesQuery } from './chart-series';
import { figureQuery } from './figure';
import type { FigureRequest } from './figure-types';
import { pricedBy } from './priced';
import { useScreenMutation } from './screen-mutation';
import { useScreenQuery } from './screen-query';
import type { SeriesRequest } from './series-types';

/** How often each read was answered. */
function counters() {
  const asked = { cost: 0, consumption: 0, tariffs: 0 };
  const reads = () => ({
    cost: useQuery({
      queryKey: ['data', 'series', 'cost'],
      queryFn: async () => ++asked.cost,
      ...pricedBy('cost'),
    }),
    consumption: useQuery({
      queryKey: ['data', 'series', 'consumption'],
      queryFn: async () => ++asked.consumption,
      ...pricedBy('consumption'),
    }),
    tariffs: useScreenQuery('tariffs', async () => ++asked.tariffs),
    save: useScreenMutation(async (name: string) => name, ['tariffs'], { reprices: true }),
  });
  return { asked, reads };
}

describe("a tariff's write", () => {
  it('asks again every priced answer on screen and the tariffs, and leaves consumption alone', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { asked, reads } = counters();
    const { result } = renderHook(reads, { wrapper });
    await waitFor(() => expect(asked).toEqual({ cost: 1, consumption: 1, tariffs: 1 }));

    await act(() => result.current.save.mutateAsync('Day and night'));

    // Answered before the mutation ended, so the form closes on the new costs.
    expect(asked).toEqual({ cost: 2, consumption: 1, tariffs: 2 });
  });

  it('reaches what the screens price: cost and CO2 series and figures, the explorer’s costs, not consumption', () => {
    const series = (measure: SeriesRequest['measure']) => ({ measure }) as SeriesRequest;
    const figure = (measure: FigureRequest['measure']) => ({ measure }) as FigureRequest;
    // Series, figures and the explorer's costs carry the live stream's mark beside it (live-meta.ts).
    const priced = (meta: Record<string, unknown> | undefined) => meta?.pricedByTariffs === true;
    expect(priced(seriesQuery(series('cost')).meta)).toBe(true);
    expect(priced(seriesQuery(series('co2')).meta)).toBe(true);
    expect(priced(seriesQuery(series('consumption')).meta)).toBe(false);
    expect(priced(seriesQuery(series(undefined)).meta)).toBe(false);
    expect(priced(figureQuery(figure('cost')).meta)).toBe(true);
    expect(priced(figureQuery(figure('co2')).meta)).toBe(true);
    expect(priced(figureQuery(figure('consumption')).meta)).toBe(false);
    expect(priced(costChartQuery(null).meta)).toBe(true);
    expect(periodCostsQuery(null).meta).toEqual({ pricedByTariffs: true });
  });
});
