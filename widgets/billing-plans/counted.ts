import type { PlanTerms } from '../../src/generated/api-types';

/** What a plan counts, in the order the cards and the usage bars show it. */
export const COUNTED = [
  'sites',
  'dataPoints',
  'users',
] as const satisfies readonly (keyof PlanTerms['limits'])[];
