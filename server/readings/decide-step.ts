import type { RegisterStep } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import type { RegisterStepStatus } from '../db/tables';
import { ownedOrNotFound } from '../http/owned-or-not-found';
import { lockPointForWrite } from './point-lock';
import { findRegisterStep } from './register-steps';
import { refreshRollups } from './rollups';
import { bookedDelta } from './step-booking';

/**
 * registerStepDecide: books a suspicious step as the caller decides, in one
 * transaction: the choice, the delta its earlier reading carries, and the
 * rollups of every local day from that reading's to the later one's. The
 * readings themselves are left as sent. Another organisation's step is
 * refused like a missing one.
 */
export async function decideRegisterStep(
  db: Database,
  organisationId: number,
  userId: string,
  request: { id: number; decision: Exclude<RegisterStepStatus, 'open'> },
): Promise<RegisterStep> {
  const what = `register step ${request.id}`;
  return db.transaction().execute(async (trx) => {
    const owned = await ownedStep(trx, organisationId, request.id);
    await lockPointForWrite(trx, ownedOrNotFound(owned, what).data_point_id);
    // Read again under the lock: a write of the point's readings may have removed the step meanwhile.
    const step = ownedOrNotFound(await ownedStep(trx, organisationId, request.id), what);
    if (step.status !== request.decision) {
      await trx
        .updateTable('register_steps')
        .set({ status: request.decision, decided_by: userId, decided_at: new Date() })
        .where('organisation_id', '=', organisationId)
        .where('id', '=', step.id)
        .execute();
      const from = new Date(step.from_ts).getTime();
      const to = new Date(step.to_ts).getTime();
      await trx
        .updateTable('readings')
        .set({ delta: bookedDelta({ from, to, used: step.used, status: request.decision }) })
        .where('organisation_id', '=', organisationId)
        .where('data_point_id', '=', step.data_point_id)
        .where('ts', '=', new Date(from))
        .execute();
      const point = {
        organisation_id: organisationId,
        id: step.data_point_id,
        kind: step.kind,
        time_zone: step.time_zone,
      };
      await refreshRollups(trx, point, from, to);
    }
    return findRegisterStep(trx, organisationId, step.id);
  });
}

/** The step with its point's kind and zone, when it is the organisation's. */
function ownedStep(db: Database, organisationId: number, stepId: number) {
  return db
    .selectFrom('register_steps as s')
    .innerJoin('data_points as p', (join) =>
      join.onRef('p.organisation_id', '=', 's.organisation_id').onRef('p.id', '=', 's.data_point_id'),
    )
    .select([
      's.id',
      's.data_point_id',
      's.from_ts',
      's.to_ts',
      's.used',
      's.status',
      'p.kind',
      'p.time_zone',
    ])
    .where('s.organisation_id', '=', organisationId)
    .where('s.id', '=', stepId)
    .executeTakeFirst();
}
