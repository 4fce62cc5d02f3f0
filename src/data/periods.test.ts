import { describe, expect, it } from 'vitest';
import { OCTOBER_2026 } from './fixed-period.test-helper';
import { periodWindows, windowsOf } from './periods';

const at = (text: string) => new Date(text);

describe('period windows', () => {
  it('compares this month so far with the same stretch of last month', () => {
    const { current, previous, versus } = periodWindows('month', at('2025-06-15T14:00:00'));
    expect(current).toEqual({ from: at('2025-06-01T00:00:00'), to: at('2025-06-15T14:00:00') });
    expect(previous.from).toEqual(at('2025-05-01T00:00:00'));
    expect(previous.to.getTime() - previous.from.getTime()).toBe(
      current.to.getTime() - current.from.getTime(),
    );
    expect(versus).toBe('vs last month');
  });

  it('never lets the previous stretch run into the current period', () => {
    const { previous } = periodWindows('month', at('2025-03-31T12:00:00'));
    expect(previous).toEqual({ from: at('2025-02-01T00:00:00'), to: at('2025-03-01T00:00:00') });
  });

  it('compares today with yesterday up to the same time, and this year with last year', () => {
    const today = periodWindows('today', at('2025-06-15T09:30:00'));
    expect(today.current.from).toEqual(at('2025-06-15T00:00:00'));
    expect(today.previous).toEqual({ from: at('2025-06-14T00:00:00'), to: at('2025-06-14T09:30:00') });
    const year = periodWindows('year', at('2025-02-01T00:00:00'));
    expect(year.previous).toEqual({ from: at('2024-01-01T00:00:00'), to: at('2024-02-01T00:00:00') });
  });

  it('compares the last N days with the N days before', () => {
    const now = at('2025-06-15T12:00:00Z');
    const { current, previous, label } = periodWindows('7d', now);
    expect(current.to).toEqual(now);
    expect(current.from).toEqual(at('2025-06-08T12:00:00Z'));
    expect(previous).toEqual({ from: at('2025-06-01T12:00:00Z'), to: at('2025-06-08T12:00:00Z') });
    expect(label).toBe('the last 7 days');
  });

  it("compares with the same time last year: a named period shifted a year back, a report's by its own dates", () => {
    const now = at('2025-06-15T14:00:00');
    expect(windowsOf('month', now, 'lastYear')).toEqual({
      current: { from: at('2025-06-01T00:00:00'), to: now },
      previous: { from: at('2024-06-01T00:00:00'), to: at('2024-06-15T14:00:00') },
    });
    const lastOctober = {
      from: '2025-10-01T00:00:00.000Z',
      to: '2025-11-01T00:00:00.000Z',
      firstDate: '2025-10-01',
      lastDate: '2025-10-31',
    };
    expect(windowsOf({ ...OCTOBER_2026, lastYear: lastOctober }, now, 'lastYear').previous).toEqual({
      from: at(lastOctober.from),
      to: at(lastOctober.to),
    });
    // Compared with the period before unless asked.
    expect(windowsOf(OCTOBER_2026, now).previous.from).toEqual(at(OCTOBER_2026.previous.from));
  });
});
