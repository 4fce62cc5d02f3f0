/**
 * Run by kill-during-import.test.ts as a separate process: starts a large
 * import and prints "mid-import" once part of it has been written, then
 * waits to be killed with SIGKILL.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { createOrganisationWithUser } from '../demo/seed';
import { localStorage } from '../storage/object-storage';
import type { ReadSoFar } from './import-plan';
import { ImportProgress } from './import-progress';
import { siteWithPoints } from './points.test-helper';
import { startImport } from './run-import';

const [location] = process.argv.slice(2);
const database = await openDatabase(
  location?.startsWith('postgres') ? { url: location } : { dataDir: location as string },
);
await migrate(database.db);
const { organisationId } = await createOrganisationWithUser(database.db, {
  email: 'crash@example.test',
  name: 'Crash',
  password: 'Crash-test-1',
  organisationName: 'Crash test',
});
const names = Array.from({ length: 40 }, (_, index) => `Meter ${index}`);
await siteWithPoints(
  database.db,
  organisationId,
  'Europe/London',
  names.map((name) => ({ name, unit: 'kWh', kind: 'cumulative' as const })),
);
const lines = ['Meter,Time,Energy'];
for (const name of names) {
  for (let index = 0; index < 5000; index++) {
    lines.push(`${name},${new Date(Date.UTC(2024, 0, 1) + index * 900_000).toISOString()},${index * 0.25}`);
  }
}
const storage = localStorage(mkdtempSync(join(tmpdir(), 'insights-crash-')));
await storage.put('METER_FILES/crash.csv', Buffer.from(lines.join('\n')), 'text/csv');
const file = await database.db
  .insertInto('meter_files')
  .values({
    organisation_id: organisationId,
    file_name: 'crash.csv',
    file_key: 'METER_FILES/crash.csv',
    bytes: 1,
    format: 'csv',
  })
  .returning(['id', 'file_name', 'file_key', 'format'])
  .executeTakeFirstOrThrow();
/** Says when the import is past half-way: some data points' readings written, inside the open transaction. */
class WatchedProgress extends ImportProgress {
  private said = false;
  override update(importId: number, stored: number, read: ReadSoFar): void {
    super.update(importId, stored, read);
    const done = this.of(organisationId).get(importId)?.progress ?? 0;
    if (done > 0.5 && !this.said) {
      this.said = true;
      console.log(`mid-import ${importId} ${organisationId}`);
    }
  }
}
const progress = new WatchedProgress();
const { importId, done: finished } = await startImport(database.db, storage, progress, {
  organisationId,
  userId: null,
  file,
  source: 'csv',
  mapping: {
    timestamp: { column: 'Time', format: 'iso', timeZone: 'UTC' },
    value: { column: 'Energy', unit: 'kWh' },
    dataPoint: { column: 'Meter' },
  },
  skipBadRows: false,
});

// Reaching here means the import ended before it could be killed: say how, for the test's message.
await finished;
const record = await database.db
  .selectFrom('data_imports')
  .select(['status', 'message'])
  .where('id', '=', importId)
  .executeTakeFirst();
console.error(`the import finished before it was killed: ${JSON.stringify(record)}`);
process.exit(1);
