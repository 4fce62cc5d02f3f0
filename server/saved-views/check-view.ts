import type { ExplorerView } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { fieldError } from '../http/api-error';
import { requireOwnDataPoints } from './own-points';
import { requireStartBeforeEnd } from './time-span';

/** What a saved view or a bookmark must satisfy beyond its schema: a real custom period, and only the organisation's points. */
export async function checkView(db: Database, organisationId: number, view: ExplorerView): Promise<void> {
  if (view.range === 'custom') {
    if (view.from === undefined || view.to === undefined) {
      throw fieldError(
        view.from === undefined ? '/view/from' : '/view/to',
        'A custom range needs both from and to, so the view knows which period to show.',
      );
    }
    requireStartBeforeEnd(view.from, view.to, 'The custom range', '/view/to');
  }
  await requireOwnDataPoints(db, organisationId, view.dataPointIds);
}

/** The view without points deleted since it was saved, so whoever opens it is not sent ids that no longer exist. */
export function withoutGonePoints(view: ExplorerView, own: ReadonlySet<number>): ExplorerView {
  return { ...view, dataPointIds: view.dataPointIds.filter((id) => own.has(id)) };
}
