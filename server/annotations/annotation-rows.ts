import { type Selectable, sql } from 'kysely';
import type { Database } from '../db/database';
import type { Tables } from '../db/tables';
import { notFound } from '../http/api-error';
import { requireStartBeforeEnd } from '../saved-views/time-span';

/** What labels and events share: rows of the organisation's, on its charts' time axis. */
export type AnnotationTable = 'explorer_labels' | 'explorer_events';

type Column<T extends AnnotationTable> = keyof Tables[T] & string;

/** How one kind of annotation is stored and named. */
export interface AnnotationKind<T extends AnnotationTable> {
  table: T;
  /** "label": in "There is no label 12 in your organisation." */
  noun: string;
  /** "labels": in "The period to list labels for must start before it ends, ...". */
  plural: string;
  /** A span (start inclusive, end exclusive) or an instant; rows are listed by when they start. */
  time: { starts: Column<T>; ends: Column<T> } | { at: Column<T> };
  /** The column naming the data point it is on, for kinds that are on one. */
  point?: Column<T>;
}

/** Which rows to list: those in the period (any part of a span), and on these data points when given. */
export interface AnnotationFilter {
  from?: string;
  to?: string;
  dataPointIds?: readonly number[];
}

/** The organisation's annotations of one kind in the filter, oldest first. */
export async function listAnnotations<T extends AnnotationTable>(
  db: Database,
  kind: AnnotationKind<T>,
  organisationId: number,
  filter: AnnotationFilter,
): Promise<Selectable<Tables[T]>[]> {
  if (filter.from !== undefined && filter.to !== undefined) {
    requireStartBeforeEnd(filter.from, filter.to, `The period to list ${kind.plural} for`);
  }
  const [starts, ends] =
    'at' in kind.time ? [kind.time.at, kind.time.at] : [kind.time.starts, kind.time.ends];
  let query = db
    .selectFrom(kind.table as AnnotationTable)
    .selectAll()
    .where(sql.ref('organisation_id'), '=', organisationId);
  if (filter.dataPointIds !== undefined && kind.point !== undefined) {
    if (filter.dataPointIds.length === 0) return [];
    query = query.where(sql.ref(kind.point), 'in', [...filter.dataPointIds]);
  }
  // Overlapping the period: a label that starts before it and runs into it is still on the chart; an instant at from is in it.
  if (filter.to !== undefined) query = query.where(sql.ref(starts), '<', new Date(filter.to));
  if (filter.from !== undefined) {
    query = query.where(sql.ref(ends), 'at' in kind.time ? '>=' : '>', new Date(filter.from));
  }
  const rows = await query.orderBy(sql.ref(starts)).orderBy(sql.ref('id')).execute();
  return rows as Selectable<Tables[T]>[];
}

/**
 * Deletes one of the organisation's annotations. 404 rather than 403: the browser signs out on 403,
 * and another organisation's label or event must look like none.
 */
export async function deleteAnnotation<T extends AnnotationTable>(
  db: Database,
  kind: AnnotationKind<T>,
  organisationId: number,
  id: number,
): Promise<void> {
  const deleted = await db
    .deleteFrom(kind.table as AnnotationTable)
    .where(sql.ref('id'), '=', id)
    .where(sql.ref('organisation_id'), '=', organisationId)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) {
    throw notFound(`${kind.noun} ${id}`);
  }
}
