import { describe, expect, it } from 'vitest';
import type { ChartSeries, GetChartDataByDateResponse } from '../../src/generated/api-types';
import { anomaliesRequest } from './unexpected-marks';

function chart(from: string, to: string, ids: number[]): GetChartDataByDateResponse {
  return {
    from,
    to,
    resolution: 'hour',
    series: ids.map((id) => ({ dataPointId: id }) as ChartSeries),
  };
}

describe("checking the explorer's readings against their forecast", () => {
  it('asks for the points shown over the period shown, five at most, and says so', () => {
    expect(anomaliesRequest(chart('2026-11-23T00:00:00Z', '2026-11-30T00:00:00Z', [3, 1, 3]))).toEqual({
      request: { dataPointIds: [3, 1], from: '2026-11-23T00:00:00Z', to: '2026-11-30T00:00:00Z' },
      why: null,
    });
    expect(
      anomaliesRequest(chart('2026-11-23T00:00:00Z', '2026-11-30T00:00:00Z', [1, 2, 3, 4, 5, 6])),
    ).toEqual({
      request: { dataPointIds: [1, 2, 3, 4, 5], from: '2026-11-23T00:00:00Z', to: '2026-11-30T00:00:00Z' },
      why: 'firstFive',
    });
  });

  it('asks nothing over more than a month, and says to zoom in', () => {
    expect(anomaliesRequest(chart('2026-10-01T00:00:00Z', '2026-11-30T00:00:00Z', [1]))).toEqual({
      request: null,
      why: 'tooLong',
    });
  });
});
