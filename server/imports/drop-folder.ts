import { randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../db/database';
import { defineJob } from '../jobs/job';
import type { ObjectStorage } from '../storage/object-storage';
import type { ImportMapping } from './import-mapping';
import type { ImportProgress } from './import-progress';
import { meterFileFormat } from './meter-table';
import { startImport } from './run-import';

/** Folders the scanner keeps for itself inside each template folder. */
const PROCESSED = 'processed';
const FAILED = 'failed';
/** Where a file waits while it is imported: moved there by the one process that claimed it. */
const IMPORTING = 'importing';
/**
 * A file claimed longer ago than the scan's time limit was left by a process
 * that stopped (killed, or its run timed out): it goes back for another try.
 * Its import was all or nothing, so trying again stores nothing twice.
 */
const STALE_CLAIM_MS = 65 * 60_000;
/** A file still growing (an upload in progress) is left for the next scan. */
const SETTLE_MS = 2_000;

/**
 * SFTP drop folders: <root>/<organisation id>/<template name>/<file>.csv|.xlsx.
 * An SFTP server (OpenSSH's internal-sftp with a chroot per organisation, for
 * instance) writes into an organisation's folder; each file is imported with
 * the template its folder is named after, all or nothing like any import,
 * then moved to processed/ or failed/ beside a .result.txt saying what happened.
 */
export function dropFolderPath(root: string, organisationId: number): string {
  return join(root, String(organisationId));
}

/**
 * One pass over every organisation's drop folder; resolves when the imports
 * it started have finished. Stopped (`signal`), it starts no further file.
 */
export async function scanDropFolders(
  root: string,
  db: Database,
  storage: ObjectStorage,
  progress: ImportProgress,
  { now = Date.now(), signal }: { now?: number; signal?: AbortSignal } = {},
): Promise<number> {
  mkdirSync(root, { recursive: true });
  let started = 0;
  for (const organisationFolder of folders(root)) {
    const organisationId = Number(organisationFolder);
    if (!Number.isInteger(organisationId)) continue;
    for (const templateName of folders(join(root, organisationFolder))) {
      const folder = join(root, organisationFolder, templateName);
      returnStaleClaims(folder, now);
      for (const fileName of settledFiles(folder, now)) {
        if (signal?.aborted) return started;
        const claimed = claim(folder, fileName);
        // Another process's scan took it first.
        if (!claimed) continue;
        await importDroppedFile(db, storage, progress, {
          organisationId,
          templateName,
          folder,
          fileName,
          claimed,
        });
        started++;
      }
    }
  }
  return started;
}

/**
 * The scan as a job of the product's job runner: every five seconds, once
 * however many server processes run. A file still being written is left for
 * a later scan (SETTLE_MS); a scan that fails is kept as a failed run.
 */
export function dropFolderJob(root: string, db: Database, storage: ObjectStorage, progress: ImportProgress) {
  return defineJob({
    name: 'sftp-drop-folders',
    schedule: { everySeconds: 5 },
    timeoutSeconds: 60 * 60,
    run: async (_data, { signal }) => {
      await scanDropFolders(root, db, storage, progress, { signal });
    },
  });
}

function folders(path: string): string[] {
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name);
}

/**
 * Moves a file into importing/ under a name of its own: of processes scanning
 * at once, the one whose rename succeeds imports it, and the others find it
 * gone. Undefined when it was gone already.
 */
function claim(folder: string, fileName: string): string | undefined {
  mkdirSync(join(folder, IMPORTING), { recursive: true });
  const claimed = join(folder, IMPORTING, `${randomUUID()}${CLAIM_SEPARATOR}${fileName}`);
  try {
    renameSync(join(folder, fileName), claimed);
    return claimed;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Between a claim's own id and the file's name. */
const CLAIM_SEPARATOR = '--';

/** Files claimed by a process that is gone, back where a scan takes them (a rename sets their ctime). */
function returnStaleClaims(folder: string, now: number): void {
  const importing = join(folder, IMPORTING);
  if (!existsSync(importing)) return;
  for (const name of readdirSync(importing)) {
    const path = join(importing, name);
    const separator = name.indexOf(CLAIM_SEPARATOR);
    if (separator < 0 || now - statSync(path).ctimeMs < STALE_CLAIM_MS) continue;
    try {
      renameSync(path, join(folder, name.slice(separator + CLAIM_SEPARATOR.length)));
    } catch {
      // Another process's scan returned it first, or took it up again.
    }
  }
}

function settledFiles(folder: string, now: number): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .filter(
      (entry) =>
        entry.isFile() && /\.(csv|xlsx|txt)$/i.test(entry.name) && !entry.name.endsWith('.result.txt'),
    )
    .map((entry) => entry.name)
    .filter((name) => now - statSync(join(folder, name)).mtimeMs >= SETTLE_MS);
}

async function importDroppedFile(
  db: Database,
  storage: ObjectStorage,
  progress: ImportProgress,
  drop: { organisationId: number; templateName: string; folder: string; fileName: string; claimed: string },
): Promise<void> {
  const path = drop.claimed;
  const outcome = (where: typeof PROCESSED | typeof FAILED, message: string) => {
    mkdirSync(join(drop.folder, where), { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const target = join(drop.folder, where, `${stamp}-${drop.fileName}`);
    renameSync(path, target);
    writeFileSync(`${target}.result.txt`, `${message}\n`);
  };
  const template = await db
    .selectFrom('import_templates')
    .select('mapping')
    .where('organisation_id', '=', drop.organisationId)
    .where('name', '=', drop.templateName)
    .executeTakeFirst();
  if (!template) {
    outcome(
      FAILED,
      `Nothing was imported: there is no import template named '${drop.templateName}'. Save one with that name in Data Feeds → Onboard, or move the file into a template's folder.`,
    );
    return;
  }
  const bytes = readFileSync(path);
  const format = meterFileFormat(bytes);
  const key = `METER_FILES/${randomUUID()}.${format}`;
  await storage.put(key, bytes, format === 'csv' ? 'text/csv' : 'application/octet-stream');
  const file = await db
    .insertInto('meter_files')
    .values({
      organisation_id: drop.organisationId,
      file_name: drop.fileName,
      file_key: key,
      bytes: bytes.length,
      format,
    })
    .returning(['id', 'file_name', 'file_key', 'format'])
    .executeTakeFirstOrThrow();
  const { importId, done } = await startImport(db, storage, progress, {
    organisationId: drop.organisationId,
    userId: null,
    file,
    source: 'sftp',
    mapping: template.mapping as ImportMapping,
    skipBadRows: false,
  });
  await done;
  const result = await db
    .selectFrom('data_imports')
    .select(['status', 'message'])
    .where('id', '=', importId)
    .executeTakeFirstOrThrow();
  outcome(result.status === 'done' ? PROCESSED : FAILED, result.message ?? result.status);
}
