import { describe, expect, it } from 'vitest';
import { costBucket, pointCost } from '../../tests/fixtures/point-costs';
import { parseFormula } from '../explorer/virtual/formula';
import { combinedCost, linearTerms } from './virtual-costs';

const HOUR = 3_600_000;
const T0 = Date.parse('2026-03-02T00:00:00Z');

/** Formulas of stored virtual points by id, as `#id` text. */
function terms(text: string, virtual: Record<number, string> = {}) {
  const parse = (formula: string) => parseFormula(formula, () => undefined);
  const inner = new Map(Object.entries(virtual).map(([id, formula]) => [Number(id), parse(formula)]));
  const found = linearTerms(parse(text), (id) => inner.get(id));
  return 'problem' in found ? found.problem : Object.fromEntries(found);
}

describe('a virtual point as a sum of stored points', () => {
  it('gives each stored point its factor, through the virtual points it reads', () => {
    expect(terms('#1 - #2')).toEqual({ 1: 1, 2: -1 });
    expect(terms('(#1 + #2) * 0.5 - -#3 / 4')).toEqual({ 1: 0.5, 2: 0.5, 3: 0.25 });
    expect(terms('2 * #9 + #1', { 9: '#1 - #2' })).toEqual({ 1: 3, 2: -2 });
    // A point that cancels out is not read at all.
    expect(terms('#1 + #2 - #2')).toEqual({ 1: 1 });
  });

  it('says why a formula is no such sum', () => {
    expect(terms('#1 * #2')).toBe('its formula multiplies data points together');
    expect(terms('#1 / #2')).toBe('its formula divides by a data point');
    expect(terms('#1 / (2 - 2)')).toBe('its formula divides by zero');
    expect(terms('#1 + 5')).toBe('its formula adds a constant, which no tariff prices');
    expect(terms('#7', { 7: '#1 * #9', 9: '#2' })).toBe('its formula multiplies data points together');
  });
});

describe('the cost of a virtual point', () => {
  const point = { dataPointId: 10, name: 'Rest', unit: 'kWh', timeZone: 'Europe/London' };
  const main = pointCost(
    1,
    'Main',
    [costBucket(T0, 10), costBucket(T0 + HOUR, 20), costBucket(T0 + 2 * HOUR, 5)],
    {
      currency: 'GBP',
    },
  );
  const sub = pointCost(2, 'Sub', [costBucket(T0, 4), costBucket(T0 + HOUR, 6)], {
    currency: 'GBP',
    tariffId: 8,
  });
  const costOf = (id: number) => (id === 1 ? main : sub);

  it('adds up its points’ costs bucket by bucket and part by part, where every point has the bucket', () => {
    const cost = combinedCost(
      point,
      new Map([
        [1, 1],
        [2, -0.5],
      ]),
      costOf,
    );
    expect(cost).toMatchObject({
      dataPointId: 10,
      tariffId: null,
      currency: 'GBP',
      total: 35 - 5,
      co2Kg: 30,
    });
    expect(
      cost.buckets.map((bucket) => [bucket.start, bucket.total, bucket.energy.Day, bucket.consumption]),
    ).toEqual([
      [new Date(T0).toISOString(), 8, 8, 32],
      [new Date(T0 + HOUR).toISOString(), 17, 17, 68],
    ]);
  });

  it('is unpriced when one of its points has no tariff, or another currency', () => {
    const unpriced = pointCost(3, 'Gas', [], null, 12);
    const euros = pointCost(4, 'Annexe', [costBucket(T0, 1)], { currency: 'EUR' });
    for (const other of [unpriced, euros]) {
      const cost = combinedCost(
        point,
        new Map([
          [1, 1],
          [other.dataPointId, 1],
        ]),
        (id) => (id === 1 ? main : other),
      );
      expect(cost).toMatchObject({ currency: null, tariffId: null, buckets: [], total: 0 });
    }
    expect(
      combinedCost(
        point,
        new Map([
          [1, 1],
          [3, 2],
        ]),
        (id) => (id === 1 ? main : unpriced),
      ).unpriced,
    ).toBe(35 * 4 + 2 * 12);
  });
});
