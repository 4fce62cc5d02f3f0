import { describe, expect, it } from 'vitest';
import { hoursOfWeek } from './hour-of-week';

describe('the hour of the week', () => {
  it('counts from Monday 00:00 local, and keeps 9 o’clock at 9 across a clock change', () => {
    // London: Monday 23 March 2026 (GMT) and Monday 30 March 2026 (BST, from the 29th).
    expect(
      hoursOfWeek(
        [
          Date.parse('2026-03-23T00:00:00Z'),
          Date.parse('2026-03-23T09:00:00Z'),
          Date.parse('2026-03-30T08:00:00Z'),
          Date.parse('2026-03-29T22:30:00Z'),
        ],
        'Europe/London',
      ),
    ).toEqual([0, 9, 9, 167]);
    // Sydney is ahead of UTC: Sunday 22:00 UTC is Monday 09:00 there (AEDT, +11).
    expect(hoursOfWeek([Date.parse('2026-03-22T22:00:00Z')], 'Australia/Sydney')).toEqual([9]);
  });
});
