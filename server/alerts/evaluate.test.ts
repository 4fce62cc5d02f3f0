import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AlertCondition } from '../../src/generated/api-types';
import { isActiveAt } from './active-hours';
import {
  type JudgedRule,
  judgeQuiet,
  judgeReadings,
  NORMAL,
  type Reading,
  type Transition,
} from './evaluate';

const MINUTE = 60_000;
const T0 = Date.parse('2026-03-02T00:00:00Z');

function rule(condition: AlertCondition, more: Partial<JudgedRule> = {}): JudgedRule {
  return { condition, cooldownMinutes: 0, activeHours: null, timeZone: 'UTC', ...more };
}

/** Readings every 15 minutes from T0 with these values. */
function quarterHours(values: number[], start = T0): Reading[] {
  return values.map((value, index) => ({ ts: start + index * 15 * MINUTE, value }));
}

const brief = (transitions: Transition[]) => transitions.map(({ at, to }) => `${to}@${(at - T0) / MINUTE}`);

describe('a threshold rule', () => {
  const above = rule({ kind: 'above', value: 50, hysteresis: 5, forMinutes: 0 });

  it('fires on the first reading over the value, and clears only past the hysteresis', () => {
    const { transitions, state } = judgeReadings(above, NORMAL, quarterHours([10, 51, 48, 46, 44, 60]));
    // 48 and 46 are under 50 but within 5 of it: the alert stays; 44 clears it.
    expect(brief(transitions)).toEqual(['pending@15', 'firing@15', 'resolved@60', 'pending@75', 'firing@75']);
    expect(state.alert).toBe('firing');
  });

  it('fires below a value the mirror way', () => {
    const below = rule({ kind: 'below', value: 5, hysteresis: 1, forMinutes: 0 });
    const { transitions } = judgeReadings(below, NORMAL, quarterHours([7, 4, 5.5, 6, 3]));
    expect(brief(transitions)).toEqual(['pending@15', 'firing@15', 'resolved@45', 'pending@60', 'firing@60']);
  });

  it('fires only once the condition has held for its minutes, and a dip back under ends the wait', () => {
    const held = rule({ kind: 'above', value: 50, hysteresis: 0, forMinutes: 30 });
    const { transitions } = judgeReadings(held, NORMAL, quarterHours([60, 60, 40, 60, 60, 60]));
    expect(brief(transitions)).toEqual(['pending@0', 'resolved@30', 'pending@45', 'firing@75']);
  });

  it('keeps quiet for its cooldown after firing, and fires once it is over if the condition still holds', () => {
    const cooled = rule({ kind: 'above', value: 50, hysteresis: 0, forMinutes: 0 }, { cooldownMinutes: 60 });
    const { transitions } = judgeReadings(cooled, NORMAL, quarterHours([60, 40, 60, 60, 60, 60]));
    expect(brief(transitions)).toEqual(['pending@0', 'firing@0', 'resolved@15', 'pending@30', 'firing@60']);
  });

  it('counts its condition as clear outside its active hours, on the local clock across a change to summer time', () => {
    // London's clocks go forward at 01:00 UTC on 29 March 2026: 07:00 local is 07:00 UTC before, 06:00 UTC after.
    const nights = rule(
      { kind: 'above', value: 1, hysteresis: 0, forMinutes: 0 },
      { activeHours: { days: [1, 2, 3, 4, 5, 6, 7], from: '07:00', to: '19:00' }, timeZone: 'Europe/London' },
    );
    const saturday = Date.parse('2026-03-28T06:30:00Z');
    const sunday = Date.parse('2026-03-29T06:30:00Z');
    const readings = [
      { ts: saturday, value: 5 }, // 06:30 GMT: before hours
      { ts: saturday + 45 * MINUTE, value: 5 }, // 07:15 GMT: in hours
      { ts: sunday, value: 5 }, // 07:30 BST: in hours
    ];
    const { transitions } = judgeReadings(nights, NORMAL, readings);
    expect(transitions.map(({ at, to }) => `${to}@${new Date(at).toISOString()}`)).toEqual([
      'pending@2026-03-28T07:15:00.000Z',
      'firing@2026-03-28T07:15:00.000Z',
    ]);
    expect(isActiveAt(nights.activeHours, 'Europe/London', Date.parse('2026-03-29T06:00:00Z'))).toBe(true);
    expect(isActiveAt(nights.activeHours, 'Europe/London', Date.parse('2026-03-29T05:59:00Z'))).toBe(false);
  });

  it('reads a window past midnight as belonging to the day it starts', () => {
    const fridayNight = { days: [5], from: '22:00', to: '06:00' };
    const at = (iso: string) => isActiveAt(fridayNight, 'UTC', Date.parse(iso));
    expect(at('2026-03-06T23:00:00Z')).toBe(true); // Friday 23:00
    expect(at('2026-03-07T05:59:00Z')).toBe(true); // Saturday 05:59
    expect(at('2026-03-07T06:00:00Z')).toBe(false);
    expect(at('2026-03-07T23:00:00Z')).toBe(false); // Saturday night
    expect(at('2026-03-06T05:00:00Z')).toBe(false); // Friday morning belongs to Thursday night
  });
});

describe('a silent-feed rule', () => {
  const silent = rule({ kind: 'silent', minutes: 60 });

  it('fires at the moment the feed fell silent, whenever it is checked, and resolves at the next reading', () => {
    const first = judgeReadings(silent, NORMAL, quarterHours([1, 2]));
    expect(first.transitions).toEqual([]);
    expect(judgeQuiet(silent, first.state, T0 + 60 * MINUTE).transitions).toEqual([]);
    const quiet = judgeQuiet(silent, first.state, T0 + 200 * MINUTE);
    expect(brief(quiet.transitions)).toEqual(['pending@75', 'firing@75']);
    const back = judgeReadings(silent, quiet.state, [{ ts: T0 + 210 * MINUTE, value: 3 }]);
    expect(brief(back.transitions)).toEqual(['resolved@210']);
  });

  it('finds the same silences in history as the checks would have', () => {
    const replay = judgeReadings(silent, NORMAL, [
      { ts: T0, value: 1 },
      { ts: T0 + 30 * MINUTE, value: 1 },
      { ts: T0 + 200 * MINUTE, value: 1 },
    ]);
    expect(brief(replay.transitions)).toEqual(['pending@90', 'firing@90', 'resolved@200']);
  });
});

describe('a rate-of-change rule', () => {
  it('fires when the value climbs faster than its rate from one reading to the next, and clears at a slower one', () => {
    const rises = rule({ kind: 'rises', perHour: 8 });
    // Per hour: +4, +12, +8 (not faster), -20, +40.
    const { transitions } = judgeReadings(rises, NORMAL, quarterHours([20, 21, 24, 26, 21, 31]));
    expect(brief(transitions)).toEqual(['pending@30', 'firing@30', 'resolved@45', 'pending@75', 'firing@75']);
  });

  it('fires when it falls faster, the mirror way, measured over the time between readings however far apart', () => {
    const falls = rule({ kind: 'falls', perHour: 6 });
    const readings = [
      { ts: T0, value: 50 },
      { ts: T0 + 120 * MINUTE, value: 40 }, // -5 an hour: slower
      { ts: T0 + 130 * MINUTE, value: 38 }, // -12 an hour
    ];
    expect(brief(judgeReadings(falls, NORMAL, readings).transitions)).toEqual(['pending@130', 'firing@130']);
  });

  it('has no rate at a first reading, with nothing judged before it', () => {
    const rises = rule({ kind: 'rises', perHour: 1 });
    expect(judgeReadings(rises, NORMAL, quarterHours([1000])).transitions).toEqual([]);
  });
});

describe('live evaluation and the replay', () => {
  const conditions = fc.oneof(
    fc.record({
      kind: fc.constantFrom('above' as const, 'below' as const),
      value: fc.integer({ min: 0, max: 100 }),
      hysteresis: fc.integer({ min: 0, max: 20 }),
      forMinutes: fc.constantFrom(0, 15, 30, 60),
    }),
    fc.record({ kind: fc.constant('silent' as const), minutes: fc.constantFrom(20, 45, 120) }),
    fc.record({
      kind: fc.constantFrom('rises' as const, 'falls' as const),
      perHour: fc.constantFrom(1, 10, 60),
    }),
  );
  const rules = fc.record({
    condition: conditions,
    cooldownMinutes: fc.constantFrom(0, 30, 120),
    activeHours: fc.option(
      fc.record({
        days: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
        from: fc.constantFrom('00:00', '07:00', '22:00'),
        to: fc.constantFrom('06:00', '19:00', '22:00'),
      }),
      { nil: null },
    ),
    timeZone: fc.constantFrom('UTC', 'Europe/London', 'Australia/Lord_Howe'),
  });
  // Readings a few minutes to several hours apart, around the spring change of European clocks.
  const readings = fc
    .array(fc.record({ gap: fc.integer({ min: 1, max: 400 }), value: fc.integer({ min: 0, max: 100 }) }), {
      maxLength: 80,
    })
    .map((steps) => {
      let ts = Date.parse('2026-03-28T12:00:00Z');
      return steps.map(({ gap, value }) => {
        ts += gap * MINUTE;
        return { ts, value };
      });
    });

  it('find the same firings however the readings are split into writes, with checks between them', () => {
    fc.assert(
      fc.property(rules, readings, fc.array(fc.nat(), { maxLength: 10 }), (judged, all, cuts) => {
        const replay = judgeReadings(judged, NORMAL, all);
        // Live: the readings arrive in batches, and the scheduled check runs between them.
        const ends = [...new Set(cuts.map((cut) => cut % (all.length + 1)))].sort((a, b) => a - b);
        let state = NORMAL;
        const live: Transition[] = [];
        let start = 0;
        for (const end of [...ends, all.length]) {
          const batch = judgeReadings(judged, state, all.slice(start, end));
          live.push(...batch.transitions);
          state = batch.state;
          const next = all[end];
          if (next) {
            const check = judgeQuiet(judged, state, next.ts - 1);
            live.push(...check.transitions);
            state = check.state;
          }
          start = end;
        }
        expect(live).toEqual(replay.transitions);
      }),
      { numRuns: 300 },
    );
  });
});
