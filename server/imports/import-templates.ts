import type { ImportTemplatesResponse } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { ownedOrNotFound } from '../http/owned-or-not-found';
import type { ImportMapping } from './import-mapping';

export type ImportTemplate = ImportTemplatesResponse['templates'][number];

/** The organisation's saved column mappings, by name. */
export async function listTemplates(db: Database, organisationId: number): Promise<ImportTemplate[]> {
  const rows = await db
    .selectFrom('import_templates')
    .select(['id', 'name', 'mapping', 'updated_at'])
    .where('organisation_id', '=', organisationId)
    .orderBy('name')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    mapping: row.mapping as ImportTemplate['mapping'],
    updatedAt: row.updated_at.toISOString(),
  }));
}

/** Saves a mapping under a name, replacing the organisation's template of that name. */
export async function saveTemplate(
  db: Database,
  organisationId: number,
  name: string,
  mapping: ImportMapping,
): Promise<void> {
  const values = { name: name.trim(), mapping: JSON.stringify(mapping), updated_at: new Date() };
  await db
    .insertInto('import_templates')
    .values({ organisation_id: organisationId, ...values })
    .onConflict((conflict) => conflict.columns(['organisation_id', 'name']).doUpdateSet(values))
    .execute();
}

/** Removes one of the organisation's templates; 404 when there is none with that id there. */
export async function deleteTemplate(db: Database, organisationId: number, id: number): Promise<void> {
  const deleted = await db
    .deleteFrom('import_templates')
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId)
    .returning('id')
    .executeTakeFirst();
  ownedOrNotFound(deleted, `import template ${id}`);
}
