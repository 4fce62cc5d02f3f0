import type { CostBucket, PointCost } from '../../src/generated/api-types';
import { type Formula, MAX_NESTING } from '../explorer/virtual/formula';

/** A virtual point as a sum of stored points, each times a constant: what its cost is the same sum of. */
export type LinearTerms = Map<number, number>;

/**
 * The stored points a virtual point's formula adds up, each with its factor, through the virtual points it reads;
 * or why its cost is not its inputs' costs added up: a product or quotient of two points, a division by a point,
 * or a constant added (a number of kWh no tariff prices).
 */
export function linearTerms(
  formula: Formula,
  formulaOf: (id: number) => Formula | undefined,
): LinearTerms | { problem: string } {
  try {
    const { terms, constant } = termsOf(formula, formulaOf, 0);
    if (constant !== 0) return { problem: 'its formula adds a constant, which no tariff prices' };
    for (const [id, factor] of terms) if (factor === 0) terms.delete(id);
    return terms;
  } catch (error) {
    if (error instanceof NotLinear) return { problem: error.message };
    throw error;
  }
}

class NotLinear extends Error {}

interface Linear {
  terms: LinearTerms;
  constant: number;
}

function termsOf(formula: Formula, formulaOf: (id: number) => Formula | undefined, depth: number): Linear {
  switch (formula.type) {
    case 'number':
      return { terms: new Map(), constant: formula.value };
    case 'point': {
      const inner = formulaOf(formula.id);
      if (!inner) return { terms: new Map([[formula.id, 1]]), constant: 0 };
      if (depth >= MAX_NESTING) throw new NotLinear(`it nests virtual points more than ${MAX_NESTING} deep`);
      return termsOf(inner, formulaOf, depth + 1);
    }
    case 'negate':
      return scaled(termsOf(formula.of, formulaOf, depth), -1);
    case 'operation': {
      const left = termsOf(formula.left, formulaOf, depth);
      const right = termsOf(formula.right, formulaOf, depth);
      if (formula.operator === '+') return added(left, right, 1);
      if (formula.operator === '-') return added(left, right, -1);
      if (formula.operator === '*') {
        if (right.terms.size === 0) return scaled(left, right.constant);
        if (left.terms.size === 0) return scaled(right, left.constant);
        throw new NotLinear('its formula multiplies data points together');
      }
      if (right.terms.size > 0) throw new NotLinear('its formula divides by a data point');
      if (right.constant === 0) throw new NotLinear('its formula divides by zero');
      return scaled(left, 1 / right.constant);
    }
  }
}

function scaled({ terms, constant }: Linear, factor: number): Linear {
  return {
    terms: new Map([...terms].map(([id, each]) => [id, each * factor])),
    constant: constant * factor,
  };
}

function added(left: Linear, right: Linear, sign: 1 | -1): Linear {
  const terms = new Map(left.terms);
  for (const [id, factor] of right.terms) terms.set(id, (terms.get(id) ?? 0) + sign * factor);
  return { terms, constant: left.constant + sign * right.constant };
}

/**
 * A virtual point's cost: its stored points' costs, each part of each bucket times the point's factor, added up.
 * Where a bucket is missing from one input it is missing from the sum, as a reading is in the explorer. Unpriced
 * (no currency) when an input has no tariff or they are priced in different currencies or time zones: a sum of
 * some of its parts would be a wrong price, not a partial one.
 */
export function combinedCost(
  point: Pick<PointCost, 'dataPointId' | 'name' | 'unit' | 'timeZone'>,
  terms: LinearTerms,
  costOf: (id: number) => PointCost,
): PointCost {
  const inputs = [...terms].map(([id, factor]) => ({ cost: costOf(id), factor }));
  const first = inputs[0]?.cost;
  const sum = (value: (cost: PointCost) => number) =>
    inputs.reduce((total, { cost, factor }) => total + factor * value(cost), 0);
  const alike =
    first !== undefined &&
    first.currency !== null &&
    inputs.every(({ cost }) => cost.currency === first.currency && cost.timeZone === first.timeZone);
  if (!alike) {
    const unpriced = sum(
      (cost) => cost.unpriced + cost.buckets.reduce((total, bucket) => total + bucket.consumption, 0),
    );
    return { ...point, tariffId: null, currency: null, buckets: [], total: 0, co2Kg: 0, unpriced };
  }
  return {
    ...point,
    timeZone: first.timeZone,
    // Priced by its inputs' tariffs, not one of its own.
    tariffId: null,
    currency: first.currency,
    buckets: combinedBuckets(inputs),
    total: sum((cost) => cost.total),
    co2Kg: sum((cost) => cost.co2Kg),
    unpriced: sum((cost) => cost.unpriced),
  };
}

function combinedBuckets(inputs: readonly { cost: PointCost; factor: number }[]): CostBucket[] {
  const starts = inputs.map(({ cost }) => new Map(cost.buckets.map((bucket) => [bucket.start, bucket])));
  const shared = (inputs[0]?.cost.buckets ?? []).filter((bucket) =>
    starts.every((byStart) => byStart.has(bucket.start)),
  );
  return shared.map(({ start }) => {
    const parts = inputs.map(({ factor }, index) => ({
      bucket: starts[index]?.get(start) as CostBucket,
      factor,
    }));
    const sum = (value: (bucket: CostBucket) => number) =>
      parts.reduce((total, { bucket, factor }) => total + factor * value(bucket), 0);
    const byName = (of: (bucket: CostBucket) => Record<string, number | undefined>) => {
      const named: Record<string, number> = {};
      for (const { bucket, factor } of parts) {
        for (const [name, value] of Object.entries(of(bucket)))
          named[name] = (named[name] ?? 0) + factor * (value ?? 0);
      }
      return named;
    };
    return {
      start,
      consumption: sum((bucket) => bucket.consumption),
      energy: byName((bucket) => bucket.energy),
      use: byName((bucket) => bucket.use),
      standing: sum((bucket) => bucket.standing),
      demand: sum((bucket) => bucket.demand),
      demandKw: sum((bucket) => bucket.demandKw),
      taxes: byName((bucket) => bucket.taxes),
      total: sum((bucket) => bucket.total),
      co2Kg: sum((bucket) => bucket.co2Kg),
    };
  });
}
