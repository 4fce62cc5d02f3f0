import type { FixedPeriod } from './periods';

/** October 2026 as a report's run pins it (UTC), compared with September. */
export const OCTOBER_2026: FixedPeriod = {
  from: '2026-10-01T00:00:00.000Z',
  to: '2026-11-01T00:00:00.000Z',
  firstDate: '2026-10-01',
  lastDate: '2026-10-31',
  previous: {
    from: '2026-09-01T00:00:00.000Z',
    to: '2026-10-01T00:00:00.000Z',
    firstDate: '2026-09-01',
    lastDate: '2026-09-30',
  },
};
