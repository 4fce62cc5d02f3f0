import type { Selectable } from 'kysely';
import type { TariffUtility, TariffVersion } from '../../src/generated/api-types';
import type { Tables } from '../db/tables';
import { utilityOf } from './utility-intents';

/** A tariff with its assignments, as pricing reads it. */
export interface PricingTariff {
  id: number;
  utility: TariffUtility;
  unit: string;
  currency: string;
  versions: TariffVersion[];
  assignments: Selectable<Tables['tariff_assignments']>[];
}

/**
 * The tariff that prices a data point: of the utility of its intent, assigned nearest to it. On the point
 * itself first, then on its entity and each one above it in turn, then on the organisation.
 */
export function pricedTariff(
  tariffs: readonly PricingTariff[],
  point: { id: number; intent: string },
  entitiesNearestFirst: readonly number[],
): PricingTariff | undefined {
  const utility = utilityOf(point.intent);
  const candidates = tariffs.filter((tariff) => tariff.utility === utility);
  const on = (test: (assignment: PricingTariff['assignments'][number]) => boolean) =>
    candidates.find((tariff) => tariff.assignments.some(test));
  return (
    on((assignment) => assignment.data_point_id === point.id) ??
    entitiesNearestFirst
      .map((entityId) => on((assignment) => assignment.entity_id === entityId))
      .find(Boolean) ??
    on((assignment) => assignment.target_kind === 'organisation')
  );
}
