import type { Selectable } from 'kysely';
import type { DataExplorerLabelRequest, ExplorerLabel } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import type { Tables } from '../db/tables';
import { isDatabaseId } from '../saved-views/database-id';
import { displayNames } from '../saved-views/display-names';
import { type AnnotationKind, listAnnotations } from './annotation-rows';

/** Labels: a span of one data point's data, with a text and a colour. */
export const LABELS: AnnotationKind<'explorer_labels'> = {
  table: 'explorer_labels',
  noun: 'label',
  plural: 'labels',
  time: { starts: 'starts_at', ends: 'ends_at' },
  point: 'data_point_id',
};

/** The organisation's labels by start, narrowed to the points and period asked for. */
export async function listLabels(
  db: Database,
  organisationId: number,
  filter: DataExplorerLabelRequest,
): Promise<ExplorerLabel[]> {
  // Ids past PostgreSQL's integer name no point, and asking about them would fail rather than find nothing.
  const dataPointIds = filter.dataPointIds?.split(',').map(Number).filter(isDatabaseId);
  const rows = await listAnnotations(db, LABELS, organisationId, { ...filter, dataPointIds });
  return labelViews(db, rows);
}

export async function labelViews(
  db: Database,
  rows: Selectable<Tables['explorer_labels']>[],
): Promise<ExplorerLabel[]> {
  const names = await displayNames(
    db,
    rows.map((row) => row.created_by),
  );
  return rows.map((row) => ({
    id: row.id,
    dataPointId: row.data_point_id,
    from: row.starts_at.toISOString(),
    to: row.ends_at.toISOString(),
    text: row.text,
    color: row.color,
    createdBy: (row.created_by && names.get(row.created_by)) ?? null,
    createdAt: row.created_at.toISOString(),
  }));
}
