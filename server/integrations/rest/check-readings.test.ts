import { describe, expect, it } from 'vitest';
import { checkReadings, type PushTarget } from './check-readings';
import { readingColumns } from './readings-body';

const point = (id: number, name: string): PushTarget => ({
  id,
  name,
  kind: 'interval',
  register_max: null,
  interval_minutes: 15,
  time_zone: 'UTC',
});
const main = point(1, 'Main');
const boiler = point(2, 'Boiler');
const targets = {
  byId: new Map([
    [1, main],
    [2, boiler],
  ]),
  byName: new Map([
    ['Main', main],
    ['Boiler', boiler],
  ]),
};
const NOW = Date.UTC(2024, 5, 1);

describe('checkReadings', () => {
  it('groups interleaved readings by point, named by id or name, each in the order sent', () => {
    const { issues, batches } = checkReadings(
      readingColumns([
        { dataPoint: 1, ts: NOW, value: 1 },
        { dataPoint: 'Boiler', ts: '2024-06-01T00:15:00Z', value: 20, quality: 'estimated' },
        { dataPoint: 'Main', ts: NOW - 900_000, value: 0.5 },
        { dataPoint: 2, ts: NOW, value: 19.5 },
        { dataPoint: 1, ts: NOW + 900_000, value: 2 },
      ]),
      targets,
      NOW,
    );
    expect(issues).toEqual([]);
    expect(batches.map(({ point: { id }, series }) => ({ id, ...series }))).toEqual([
      {
        id: 1,
        ts: Float64Array.of(NOW, NOW - 900_000, NOW + 900_000),
        values: Float64Array.of(1, 0.5, 2),
        quality: Uint8Array.of(0, 0, 0),
      },
      {
        id: 2,
        ts: Float64Array.of(NOW + 900_000, NOW),
        values: Float64Array.of(20, 19.5),
        quality: Uint8Array.of(1, 0),
      },
    ]);
  });

  it('lists every problem with where it is and keeps no batch', () => {
    const { issues, batches } = checkReadings(
      readingColumns([
        { dataPoint: 1, ts: NOW, value: 1 },
        { dataPoint: 'Nowhere', ts: 'yesterday', value: 1 },
        { dataPoint: 1, ts: NOW, value: Number.POSITIVE_INFINITY },
      ]),
      targets,
      NOW,
    );
    expect(issues.map((issue) => issue.pointer)).toEqual([
      '/readings/1/dataPoint',
      '/readings/1/ts',
      '/readings/2/value',
    ]);
    expect(batches).toEqual([]);
  });
});
