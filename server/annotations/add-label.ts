import type { DataExplorerLabelCreateRequest, ExplorerLabel } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { fieldError } from '../http/api-error';
import { requireOwnDataPoints } from '../saved-views/own-points';
import { requireStartBeforeEnd } from '../saved-views/time-span';
import { labelViews } from './labels';

/** Labels a span of one of the organisation's data points. */
export async function addLabel(
  db: Database,
  organisationId: number,
  userId: string,
  body: DataExplorerLabelCreateRequest,
): Promise<ExplorerLabel> {
  const text = body.text.trim();
  if (text === '') throw fieldError('/text', 'Give the label a text, such as "Chiller fault".');
  requireStartBeforeEnd(body.from, body.to, 'A label');
  await requireOwnDataPoints(db, organisationId, [body.dataPointId]);
  const row = await db
    .insertInto('explorer_labels')
    .values({
      organisation_id: organisationId,
      data_point_id: body.dataPointId,
      starts_at: body.from,
      ends_at: body.to,
      text,
      // One spelling of each colour, so the same colour always compares equal.
      color: body.color.toLowerCase(),
      created_by: userId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const [label] = await labelViews(db, [row]);
  return label as ExplorerLabel;
}
