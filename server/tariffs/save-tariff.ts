import type { Tariff, TariffAssignment, UtilityOrTariffRequest } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { fieldError, notFound } from '../http/api-error';
import { requireOwnDataPoints } from '../saved-views/own-points';
import { checkTariffVersions } from './check-tariff';
import { seriesPointsOf } from './tariff-cost';
import { tariffViews } from './tariffs';
import { pricesIntent } from './utility-intents';

/** A tariff as the form sends it: everything but its id. */
export type TariffInput = UtilityOrTariffRequest;

/** A new tariff of the organisation, checked whole, with its assignments, in one transaction. */
export async function createTariff(
  db: Database,
  owner: { organisationId: number; userId: string },
  input: TariffInput,
): Promise<Tariff> {
  return db.transaction().execute(async (trx) => {
    await checkTariff(trx, owner.organisationId, input, undefined);
    const row = await trx
      .insertInto('tariffs')
      .values({
        organisation_id: owner.organisationId,
        name: input.name.trim(),
        utility: input.utility,
        unit: input.unit,
        currency: input.currency,
        versions: JSON.stringify(input.versions),
        created_by: owner.userId,
        updated_at: new Date(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAssignments(trx, owner.organisationId, row.id, input);
    const [tariff] = await tariffViews(trx, [row]);
    return tariff as Tariff;
  });
}

/** The tariff replaced by what is given (versions and assignments whole), checked as a new one is. */
export async function updateTariff(
  db: Database,
  organisationId: number,
  id: number,
  input: TariffInput,
): Promise<Tariff> {
  return db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('tariffs')
      .select('id')
      .where('id', '=', id)
      .where('organisation_id', '=', organisationId)
      .forUpdate()
      .executeTakeFirst();
    if (!found) throw notFound(`tariff ${id}`);
    await checkTariff(trx, organisationId, input, id);
    await trx.deleteFrom('tariff_assignments').where('tariff_id', '=', id).execute();
    const row = await trx
      .updateTable('tariffs')
      .set({
        name: input.name.trim(),
        utility: input.utility,
        unit: input.unit,
        currency: input.currency,
        versions: JSON.stringify(input.versions),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAssignments(trx, organisationId, id, input);
    const [tariff] = await tariffViews(trx, [row]);
    return tariff as Tariff;
  });
}

/** What the schema cannot check: the versions (checkTariffVersions), the price data points and the places. */
async function checkTariff(
  db: Database,
  organisationId: number,
  input: TariffInput,
  tariffId: number | undefined,
): Promise<void> {
  // Ids first: another organisation's answer 404 whatever else the request holds.
  await requireOwnIds(db, organisationId, input);
  if (input.name.trim() === '')
    throw fieldError('/name', 'Give the tariff a name, such as "Business electricity 2026".');
  checkTariffVersions(input.versions);
  await checkPricePoints(db, organisationId, input);
  await checkPlaces(db, organisationId, input, tariffId);
}

/** Every data point and entity the tariff names is the organisation's: 404 otherwise, as for one that does not exist. */
async function requireOwnIds(db: Database, organisationId: number, input: TariffInput): Promise<void> {
  const points = [
    ...input.versions.flatMap(seriesPointsOf),
    ...(input.assignments ?? []).flatMap((assignment) =>
      assignment.kind === 'dataPoint' ? [assignment.id] : [],
    ),
  ];
  const entities = (input.assignments ?? []).flatMap((assignment) =>
    assignment.kind === 'entity' ? [assignment.id] : [],
  );
  await requireOwnDataPoints(db, organisationId, points);
  if (entities.length === 0) return;
  const own = await db
    .selectFrom('entities')
    .select('id')
    .where('organisation_id', '=', organisationId)
    .where('id', 'in', entities)
    .execute();
  const missing = entities.find((id) => !own.some((row) => row.id === id));
  if (missing !== undefined) throw notFound(`entity ${missing}`);
}

/** A dynamic price is read from a data point in the tariff's currency per its unit, an intensity from one in kg per its unit. */
async function checkPricePoints(db: Database, organisationId: number, input: TariffInput): Promise<void> {
  for (const [index, version] of input.versions.entries()) {
    if (version.dynamic) {
      await checkSeriesUnit(
        db,
        organisationId,
        version.dynamic.dataPointId,
        `${input.currency}/${input.unit}`,
        {
          pointer: `/versions/${index}/dynamic/dataPointId`,
          what: 'price',
          ofWhat: "this tariff's prices are in",
        },
      );
    }
    const intensity = version.emissions?.intensityDataPointId;
    if (intensity !== undefined) {
      await checkSeriesUnit(db, organisationId, intensity, `kg/${input.unit}`, {
        pointer: `/versions/${index}/emissions/intensityDataPointId`,
        what: 'intensity',
        ofWhat: 'an emission intensity for this tariff is in',
      });
    }
  }
}

/** A series a version reads is a data point of the organisation in the unit it is read in. */
async function checkSeriesUnit(
  db: Database,
  organisationId: number,
  id: number,
  wanted: string,
  where: { pointer: string; what: string; ofWhat: string },
): Promise<void> {
  const point = await db
    .selectFrom('data_points')
    .select(['name', 'unit'])
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (!point) throw notFound(`data point ${id}`);
  if (point.unit !== wanted) {
    throw fieldError(
      where.pointer,
      `The ${where.what} data point "${point.name}" is in ${point.unit}; ${where.ofWhat} ${wanted}.`,
    );
  }
}

/**
 * Each place is the organisation's (else 404, as for a place that does not exist), named once, and has no
 * other tariff of the utility; a data point is one this utility prices, in the tariff's unit.
 */
async function checkPlaces(
  db: Database,
  organisationId: number,
  input: TariffInput,
  tariffId: number | undefined,
): Promise<void> {
  const seen = new Set<string>();
  for (const [index, assignment] of (input.assignments ?? []).entries()) {
    const at = `/assignments/${index}`;
    const key = placeKey(assignment);
    if (seen.has(key)) throw fieldError(at, 'This place is named twice.');
    seen.add(key);
    const placeName = await ownPlaceName(db, organisationId, assignment, input, at);
    let taken = db
      .selectFrom('tariff_assignments as a')
      .innerJoin('tariffs as t', 't.id', 'a.tariff_id')
      .select('t.name')
      .where('a.organisation_id', '=', organisationId)
      .where('a.utility', '=', input.utility)
      .where('a.target_kind', '=', assignment.kind);
    if (assignment.kind === 'entity') taken = taken.where('a.entity_id', '=', assignment.id);
    if (assignment.kind === 'dataPoint') taken = taken.where('a.data_point_id', '=', assignment.id);
    if (tariffId !== undefined) taken = taken.where('a.tariff_id', '<>', tariffId);
    const other = await taken.executeTakeFirst();
    if (other) {
      throw fieldError(
        at,
        `${placeName} already has the ${input.utility} tariff "${other.name}". Take it off there first, or assign this one to a place above or below.`,
      );
    }
  }
}

function placeKey(assignment: TariffAssignment): string {
  return assignment.kind === 'organisation' ? 'organisation' : `${assignment.kind}:${assignment.id}`;
}

async function ownPlaceName(
  db: Database,
  organisationId: number,
  assignment: TariffAssignment,
  input: TariffInput,
  at: string,
): Promise<string> {
  if (assignment.kind === 'organisation') return 'The organisation';
  if (assignment.kind === 'entity') {
    const entity = await db
      .selectFrom('entities')
      .select('name')
      .where('id', '=', assignment.id)
      .where('organisation_id', '=', organisationId)
      .executeTakeFirst();
    if (!entity) throw notFound(`entity ${assignment.id}`);
    return `"${entity.name}"`;
  }
  const point = await db
    .selectFrom('data_points')
    .select(['name', 'intent', 'unit'])
    .where('id', '=', assignment.id)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (!point) throw notFound(`data point ${assignment.id}`);
  if (!pricesIntent(input.utility, point.intent)) {
    throw fieldError(
      at,
      `"${point.name}" measures ${point.intent}; an ${input.utility} tariff cannot price it.`,
    );
  }
  if (point.unit !== input.unit) {
    throw fieldError(
      at,
      `"${point.name}" is measured in ${point.unit}; this tariff's prices are per ${input.unit}.`,
    );
  }
  return `"${point.name}"`;
}

async function writeAssignments(db: Database, organisationId: number, tariffId: number, input: TariffInput) {
  const rows = (input.assignments ?? []).map((assignment) => ({
    tariff_id: tariffId,
    organisation_id: organisationId,
    utility: input.utility,
    target_kind: assignment.kind,
    entity_id: assignment.kind === 'entity' ? assignment.id : null,
    data_point_id: assignment.kind === 'dataPoint' ? assignment.id : null,
  }));
  if (rows.length > 0) await db.insertInto('tariff_assignments').values(rows).execute();
}
