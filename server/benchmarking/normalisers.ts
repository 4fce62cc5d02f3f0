import type {
  BenchmarkNormaliser,
  BenchmarkNormaliserRequest,
  BenchmarkNormaliserValue,
} from '../../src/generated/api-types';
import { isUniqueViolation } from '../datapoints/point-rules';
import type { Database } from '../db/database';
import { fieldError, notFound } from '../http/api-error';

/** A figure as the form sends it: everything but its id. */
export type NormaliserInput = BenchmarkNormaliserRequest;

/** The organisation's own benchmarking figures by name, each with its values by site and year. */
export async function listNormalisers(db: Database, organisationId: number): Promise<BenchmarkNormaliser[]> {
  const rows = await db
    .selectFrom('benchmark_normalisers')
    .select(['id', 'name', 'unit'])
    .where('organisation_id', '=', organisationId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  const values = await valuesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, values: values.get(row.id) ?? [] }));
}

/** One figure of the organisation; another organisation's answers 404, as one that does not exist. */
export async function ownNormaliser(
  db: Database,
  organisationId: number,
  id: number,
): Promise<BenchmarkNormaliser> {
  const row = await db
    .selectFrom('benchmark_normalisers')
    .select(['id', 'name', 'unit'])
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (!row) throw notFound(`benchmarking figure ${id}`);
  return { ...row, values: (await valuesOf(db, [id])).get(id) ?? [] };
}

/** A new figure with its values, checked whole, in one transaction. */
export async function createNormaliser(
  db: Database,
  organisationId: number,
  input: NormaliserInput,
): Promise<BenchmarkNormaliser> {
  return namedOnce(input, () =>
    db.transaction().execute(async (trx) => {
      await checkNormaliser(trx, organisationId, input);
      const row = await trx
        .insertInto('benchmark_normalisers')
        .values({ organisation_id: organisationId, name: input.name.trim(), unit: input.unit.trim() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeValues(trx, row.id, input.values);
      return ownNormaliser(trx, organisationId, row.id);
    }),
  );
}

/** The figure replaced by what is given, its values whole, checked as a new one is. */
export async function updateNormaliser(
  db: Database,
  organisationId: number,
  id: number,
  input: NormaliserInput,
): Promise<BenchmarkNormaliser> {
  return namedOnce(input, () =>
    db.transaction().execute(async (trx) => {
      const found = await trx
        .selectFrom('benchmark_normalisers')
        .select('id')
        .where('id', '=', id)
        .where('organisation_id', '=', organisationId)
        .forUpdate()
        .executeTakeFirst();
      if (!found) throw notFound(`benchmarking figure ${id}`);
      await checkNormaliser(trx, organisationId, input);
      await trx
        .updateTable('benchmark_normalisers')
        .set({ name: input.name.trim(), unit: input.unit.trim() })
        .where('id', '=', id)
        .execute();
      await trx.deleteFrom('benchmark_normaliser_values').where('normaliser_id', '=', id).execute();
      await writeValues(trx, id, input.values);
      return ownNormaliser(trx, organisationId, id);
    }),
  );
}

/**
 * The write, with a name the organisation already has (in any case) refused at /name: the unique index on
 * lower(name) is the one check, so two requests racing for a name are told the same as one coming after.
 */
async function namedOnce<T>(input: NormaliserInput, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name);
    throw error;
  }
}

const nameTaken = (name: string) =>
  fieldError('/name', `There is already a benchmarking figure called "${name.trim()}".`);

/** A figure and its values gone. */
export async function deleteNormaliser(db: Database, organisationId: number, id: number): Promise<void> {
  const deleted = await db
    .deleteFrom('benchmark_normalisers')
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound(`benchmarking figure ${id}`);
}

/** What the schema cannot check: a name that is not blank, and values of the organisation's sites, one a site and year. */
async function checkNormaliser(db: Database, organisationId: number, input: NormaliserInput): Promise<void> {
  if (input.name.trim() === '') throw fieldError('/name', 'A benchmarking figure needs a name.');
  if (input.unit.trim() === '')
    throw fieldError('/unit', 'Say what one of it is called, for example person.');
  const siteIds = [...new Set(input.values.map((value) => value.siteId))];
  const sites = new Set(
    siteIds.length === 0
      ? []
      : (
          await db
            .selectFrom('entities')
            .select('id')
            .where('organisation_id', '=', organisationId)
            .where('type', '=', 'site')
            .where('id', 'in', siteIds)
            .execute()
        ).map((row) => row.id),
  );
  const seen = new Map<string, number>();
  input.values.forEach((value, index) => {
    if (!sites.has(value.siteId)) throw notFound(`site ${value.siteId}`);
    const key = `${value.siteId}/${value.year}`;
    const first = seen.get(key);
    if (first !== undefined) {
      throw fieldError(
        `/values/${index}`,
        `Site ${value.siteId} already has a value for ${value.year} (values/${first}): give one a site and year.`,
      );
    }
    seen.set(key, index);
  });
}

async function writeValues(
  db: Database,
  normaliserId: number,
  values: readonly BenchmarkNormaliserValue[],
): Promise<void> {
  if (values.length === 0) return;
  await db
    .insertInto('benchmark_normaliser_values')
    .values(
      values.map((value) => ({
        normaliser_id: normaliserId,
        site_id: value.siteId,
        year: value.year,
        value: value.value,
      })),
    )
    .execute();
}

/** Each figure's values, by site then year. */
async function valuesOf(
  db: Database,
  ids: readonly number[],
): Promise<Map<number, BenchmarkNormaliserValue[]>> {
  const byId = new Map<number, BenchmarkNormaliserValue[]>();
  if (ids.length === 0) return byId;
  const rows = await db
    .selectFrom('benchmark_normaliser_values')
    .selectAll()
    .where('normaliser_id', 'in', [...ids])
    .orderBy('site_id')
    .orderBy('year')
    .execute();
  for (const row of rows) {
    const values = byId.get(row.normaliser_id) ?? [];
    values.push({ siteId: row.site_id, year: row.year, value: row.value });
    byId.set(row.normaliser_id, values);
  }
  return byId;
}
