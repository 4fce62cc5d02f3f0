import type {
  ChartSeries,
  ExplorerDataPoint,
  GetChartDataByDateRequest,
  GetChartDataByDateResponse,
} from '../../src/generated/api-types';

/** Test fixtures: what the API answers for the explorer, shaped as its schemas say. */

export const HOUR = 3_600_000;
export const T0 = Date.parse('2026-03-02T00:00:00Z');

export function explorerPoint(overrides: Partial<ExplorerDataPoint>): ExplorerDataPoint {
  return {
    id: 1,
    name: 'Main meter',
    unit: 'kWh',
    kind: 'interval',
    intent: 'electricity',
    virtual: false,
    formula: null,
    entityId: 10,
    path: ['HQ', 'Plant room'],
    tags: ['metering'],
    lastTs: '2026-03-02T10:00:00Z',
    ...overrides,
  };
}

export const POINTS: ExplorerDataPoint[] = [
  explorerPoint({}),
  explorerPoint({ id: 2, name: 'Chillers', path: ['HQ', 'Plant room'], tags: ['hvac'] }),
  explorerPoint({
    id: 3,
    name: 'Office temperature',
    unit: '°C',
    kind: 'instantaneous',
    intent: 'temperature',
    path: ['HQ', 'Office'],
    tags: ['comfort'],
  }),
  explorerPoint({
    id: 4,
    name: 'Base load',
    virtual: true,
    formula: '[Main meter] - [Chillers]',
    path: ['HQ'],
    tags: [],
  }),
];

export function chartSeries(
  id: number,
  values: (number | null)[],
  overrides: Partial<ChartSeries> = {},
): ChartSeries {
  const point = POINTS.find((entry) => entry.id === id);
  const present = values.filter((value): value is number => value !== null);
  return {
    dataPointId: id,
    name: point?.name ?? `Point ${id}`,
    unit: point?.unit ?? 'kWh',
    kind: point?.kind ?? 'interval',
    virtual: point?.virtual ?? false,
    aggregate: point?.kind === 'instantaneous' ? 'avg' : 'sum',
    timeZone: 'Europe/London',
    points: { t: values.map((_, index) => T0 + index * HOUR), v: values, reduced: false, step: HOUR },
    summary: {
      min: present.length ? Math.min(...present) : null,
      max: present.length ? Math.max(...present) : null,
      mean: present.length ? present.reduce((a, b) => a + b, 0) / present.length : null,
      total: point?.kind === 'instantaneous' ? null : present.reduce((a, b) => a + b, 0),
      coverage: (present.length / values.length) * 100,
      buckets: present.length,
    },
    ...overrides,
  };
}

/** An answer to a chart request: the series asked for, hourly, with a gap in the second bucket of point 1. */
export function chartAnswer(request: GetChartDataByDateRequest): GetChartDataByDateResponse {
  const values: Record<number, (number | null)[]> = {
    1: [1200.5, null, 1310, 1250.25],
    2: [400, 420, 415, 430],
    3: [20.5, 21, 21.5, 22],
    4: [800.5, 890, 895, 820.25],
  };
  return {
    from: new Date(T0).toISOString(),
    to: new Date(T0 + 4 * HOUR).toISOString(),
    resolution: 'hour',
    series: request.dataPointIds.map((id) => {
      const serie = chartSeries(id, values[id] ?? [1, 2, 3, 4]);
      if (!request.compare) return serie;
      const previous = (values[id] ?? [1, 2, 3, 4]).map((value) => (value === null ? 5 : value / 2));
      const before = chartSeries(id, previous);
      return {
        ...serie,
        previous: {
          from: new Date(T0 - 4 * HOUR).toISOString(),
          to: new Date(T0).toISOString(),
          points: before.points,
          summary: before.summary,
        },
      };
    }),
  };
}
