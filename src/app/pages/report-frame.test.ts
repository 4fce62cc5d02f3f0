import { describe, expect, it } from 'vitest';
import type { Report } from '../../generated/api-types';
import { reportFrameOf } from './report-frame';

const report: Pick<Report, 'period' | 'timeZone' | 'scope'> = {
  period: { kind: 'lastMonth' },
  timeZone: 'Europe/London',
  scope: { kind: 'sites', siteIds: [4] },
};

describe("a report's frame", () => {
  it("is a run's period as stored, read as local dates, compared with the month before and last year's, over the report's sites", () => {
    // October 2026 in London: from BST (UTC+1) to GMT, the clocks going back on the 25th.
    const frame = reportFrameOf(report, {
      periodFrom: '2026-09-30T23:00:00.000Z',
      periodTo: '2026-11-01T00:00:00.000Z',
    });
    expect(frame).toEqual({
      period: {
        from: '2026-09-30T23:00:00.000Z',
        to: '2026-11-01T00:00:00.000Z',
        firstDate: '2026-10-01',
        lastDate: '2026-10-31',
        previous: {
          from: '2026-08-31T23:00:00.000Z',
          to: '2026-09-30T23:00:00.000Z',
          firstDate: '2026-09-01',
          lastDate: '2026-09-30',
        },
        // October 2025, whose clocks went back on the 26th.
        lastYear: {
          from: '2025-09-30T23:00:00.000Z',
          to: '2025-11-01T00:00:00.000Z',
          firstDate: '2025-10-01',
          lastDate: '2025-10-31',
        },
      },
      scope: { siteIds: [4] },
    });
  });

  it("is, for a preview, the report's period as of now, and its chosen data points", () => {
    const frame = reportFrameOf(
      { ...report, period: { kind: 'yesterday' }, scope: { kind: 'dataPoints', dataPointIds: [7, 9] } },
      undefined,
      Date.parse('2026-03-29T12:00:00Z'),
    );
    // 28 March, the day before the clocks go forward.
    expect(frame.period).toMatchObject({ firstDate: '2026-03-28', lastDate: '2026-03-28' });
    expect(frame.period.previous).toMatchObject({ firstDate: '2026-03-27', lastDate: '2026-03-27' });
    expect(frame.scope).toEqual({ dataPointIds: [7, 9] });
  });
});
