import type { ExplorerDataPoint } from '../../src/generated/api-types';

/** A data point as the explorer's list gives it: a cumulative electricity meter in London unless told. */
export function explorerPoint(
  id: number,
  name: string,
  overrides: Partial<ExplorerDataPoint> = {},
): ExplorerDataPoint {
  return {
    id,
    name,
    unit: 'kWh',
    kind: 'cumulative',
    intent: 'electricity',
    virtual: false,
    formula: null,
    entityId: 3,
    path: ['London – Clerkenwell Office'],
    tags: [],
    lastTs: null,
    ...overrides,
  };
}
