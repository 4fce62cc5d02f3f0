import type { CloneTariffRequest, Tariff, TariffVersion } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { fieldError } from '../http/api-error';
import { createTariff, updateTariff } from './save-tariff';
import { ownTariff } from './tariffs';

/**
 * A tariff copied as the start of a new one (its versions, none of its places), or given a new version: a copy
 * of its latest from validFrom, the latest then ending there. Either way it is checked as any save is.
 */
export async function cloneTariff(
  db: Database,
  owner: { organisationId: number; userId: string },
  request: CloneTariffRequest,
): Promise<Tariff> {
  const source = await ownTariff(db, owner.organisationId, request.id);
  const base = { utility: source.utility, unit: source.unit, currency: source.currency };
  if (request.as === 'tariff') {
    return createTariff(db, owner, {
      ...base,
      name: request.name?.trim() || `${source.name} (copy)`,
      versions: source.versions,
      assignments: [],
    });
  }
  if (!request.validFrom) throw fieldError('/validFrom', 'Say from which date the new version applies.');
  const versions = withNewVersion(source.versions, request.validFrom);
  const current = await db
    .selectFrom('tariff_assignments')
    .selectAll()
    .where('tariff_id', '=', source.id)
    .execute();
  return updateTariff(db, owner.organisationId, source.id, {
    ...base,
    name: source.name,
    versions,
    assignments: current.map((row) =>
      row.target_kind === 'entity'
        ? { kind: 'entity', id: row.entity_id as number }
        : row.target_kind === 'dataPoint'
          ? { kind: 'dataPoint', id: row.data_point_id as number }
          : { kind: 'organisation' },
    ),
  });
}

function withNewVersion(versions: readonly TariffVersion[], validFrom: string): TariffVersion[] {
  const latest = versions[versions.length - 1] as TariffVersion;
  if (validFrom <= latest.validFrom) {
    throw fieldError(
      '/validFrom',
      `The new version must start after the latest one (${latest.validFrom}); ${validFrom} does not.`,
    );
  }
  if (latest.validTo !== null && latest.validTo < validFrom) {
    // A gap before it stays a gap: nothing is priced there, as before.
    return [...versions, { ...structuredClone(latest), validFrom, validTo: null }];
  }
  return [
    ...versions.slice(0, -1),
    { ...latest, validTo: validFrom },
    { ...structuredClone(latest), validFrom, validTo: latest.validTo },
  ];
}
