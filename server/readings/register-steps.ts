import type { RegisterStep } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { ownedOrNotFound } from '../http/owned-or-not-found';

/** As many steps as one answer lists: a point with more has a problem its list would not solve. */
const LISTED = 200;

/** The organisation's steps with what the API shows of each; further narrowed by the caller. */
function stepsQuery(db: Database, organisationId: number) {
  return db
    .selectFrom('register_steps as s')
    .innerJoin('data_points as p', (join) =>
      join.onRef('p.organisation_id', '=', 's.organisation_id').onRef('p.id', '=', 's.data_point_id'),
    )
    .leftJoin('users as u', 'u.id', 's.decided_by')
    .where('s.organisation_id', '=', organisationId)
    .select([
      's.id',
      's.data_point_id',
      'p.name as point_name',
      'p.unit',
      'p.time_zone',
      's.from_ts',
      's.to_ts',
      's.from_value',
      's.to_value',
      's.movement',
      's.kind',
      's.used',
      's.rate',
      's.typical_rate',
      's.status',
      'u.name as decided_by',
      's.decided_at',
      's.found_at',
    ]);
}

type StepRow = Awaited<ReturnType<ReturnType<typeof stepsQuery>['executeTakeFirstOrThrow']>>;

/** A step as the API shows it (shared/register-step.schema.json). */
export function registerStepOf(row: StepRow): RegisterStep {
  return {
    id: row.id,
    dataPointId: row.data_point_id,
    dataPointName: row.point_name,
    unit: row.unit,
    timeZone: row.time_zone,
    from: new Date(row.from_ts).toISOString(),
    to: new Date(row.to_ts).toISOString(),
    fromValue: row.from_value,
    toValue: row.to_value,
    movement: row.movement,
    kind: row.kind,
    used: row.used,
    rate: row.rate,
    typicalRate: row.typical_rate,
    status: row.status,
    decidedBy: row.decided_by ?? null,
    decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
    foundAt: row.found_at.toISOString(),
  };
}

/**
 * registerSteps: one data point's steps (all of them unless asked for the
 * open ones), or the organisation's open steps; newest first, LISTED at most,
 * with how many are open in all. Another organisation's point is refused
 * like a missing one.
 */
export async function listRegisterSteps(
  db: Database,
  organisationId: number,
  request: { dataPointId?: number; status?: 'open' | 'all' },
): Promise<{ steps: RegisterStep[]; open: number }> {
  const { dataPointId } = request;
  if (dataPointId !== undefined) {
    const point = await db
      .selectFrom('data_points')
      .select('id')
      .where('id', '=', dataPointId)
      .where('organisation_id', '=', organisationId)
      .executeTakeFirst();
    ownedOrNotFound(point, `data point ${dataPointId}`);
  }
  const status = request.status ?? (dataPointId === undefined ? 'open' : 'all');
  let listed = stepsQuery(db, organisationId);
  let open = db
    .selectFrom('register_steps as s')
    .where('s.organisation_id', '=', organisationId)
    .where('s.status', '=', 'open')
    .select((eb) => eb.fn.countAll<string>().as('open'));
  if (dataPointId !== undefined) {
    listed = listed.where('s.data_point_id', '=', dataPointId);
    open = open.where('s.data_point_id', '=', dataPointId);
  }
  if (status === 'open') listed = listed.where('s.status', '=', 'open');
  const [rows, counted] = await Promise.all([
    listed.orderBy('s.from_ts', 'desc').orderBy('s.id', 'desc').limit(LISTED).execute(),
    open.executeTakeFirstOrThrow(),
  ]);
  return { steps: rows.map(registerStepOf), open: Number(counted.open) };
}

/** One of the organisation's steps as the API shows it; 404 when it has none with that id. */
export async function findRegisterStep(
  db: Database,
  organisationId: number,
  stepId: number,
): Promise<RegisterStep> {
  const row = await stepsQuery(db, organisationId).where('s.id', '=', stepId).executeTakeFirst();
  return registerStepOf(ownedOrNotFound(row, `register step ${stepId}`));
}
