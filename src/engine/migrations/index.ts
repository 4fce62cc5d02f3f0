import type { LayoutIssue } from '../validation/issue';
import type { Migration } from './migration';
import { v0ToV1 } from './v0-to-v1';
import { v1ToV2 } from './v1-to-v2';

/** Every step in order; the last one's `to` is the version the page schema describes. */
export const MIGRATIONS: readonly Migration[] = [v0ToV1, v1ToV2];
export const CURRENT_SCHEMA_VERSION = 2;

export type MigrationResult =
  | { ok: true; document: unknown; fromVersion: number }
  | { ok: false; issues: LayoutIssue[] };

/** Brings a document of any known version up to the current one, one pure step at a time. */
export function migrateToCurrent(document: unknown): MigrationResult {
  const version = versionOf(document);
  if (version === undefined) {
    return { ok: false, issues: [{ pointer: '/schemaVersion', message: 'must be a whole number' }] };
  }
  if (version > CURRENT_SCHEMA_VERSION) {
    return {
      ok: false,
      issues: [
        {
          pointer: '/schemaVersion',
          message: `version ${version} is newer than this app understands (${CURRENT_SCHEMA_VERSION}); update the app`,
        },
      ],
    };
  }
  let current = document;
  for (const step of MIGRATIONS) {
    if (step.from >= version) current = step.migrate(current);
  }
  return { ok: true, document: current, fromVersion: version };
}

/** A bare array is the template's version 0; an object without a version is taken as current, so validation names what is missing. */
function versionOf(document: unknown): number | undefined {
  if (Array.isArray(document)) return 0;
  if (typeof document !== 'object' || document === null) return CURRENT_SCHEMA_VERSION;
  const version = (document as { schemaVersion?: unknown }).schemaVersion;
  if (version === undefined) return CURRENT_SCHEMA_VERSION;
  return Number.isInteger(version) && (version as number) >= 0 ? (version as number) : undefined;
}
