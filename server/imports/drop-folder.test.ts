import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../db/test-database';
import { startTestApp } from '../test-app';
import { dropFolderPath, scanDropFolders } from './drop-folder';
import { ImportProgress } from './import-progress';
import { siteWithPoints } from './points.test-helper';

describeEachEngine('SFTP drop folders on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startTestApp>>;
  let organisationId: number;
  let pointId: number | undefined;
  const root = mkdtempSync(join(tmpdir(), 'insights-sftp-'));
  const progress = new ImportProgress();

  beforeAll(async () => {
    server = await startTestApp(engine);
    const member = await server.memberOfNewOrganisation('sftp@example.test', 'Drop folder org');
    organisationId = member.organisationId;
    pointId = (
      await siteWithPoints(server.db, organisationId, 'Europe/London', [
        { name: 'Main', unit: 'kWh', kind: 'interval' },
      ])
    ).Main;
    await server.api('importTemplates', member.token, {
      name: 'Half hourly',
      mapping: {
        timestamp: { column: 'Time', format: 'iso', timeZone: 'UTC' },
        value: { column: 'kWh', unit: 'kWh' },
        dataPoint: { column: 'Meter' },
      },
    });
  });
  afterAll(async () => server?.close());

  /** Drops a file as an SFTP upload would, settled (older than the settle time). */
  function drop(template: string, name: string, text: string): string {
    const folder = join(dropFolderPath(root, organisationId), template);
    mkdirSync(folder, { recursive: true });
    const path = join(folder, name);
    writeFileSync(path, text);
    const past = new Date(Date.now() - 60_000);
    utimesSync(path, past, past);
    return folder;
  }

  it("imports a dropped file with its folder's template and files it under processed/", async () => {
    const folder = drop(
      'Half hourly',
      'day.csv',
      'Meter,Time,kWh\nMain,2024-06-01T00:00:00Z,1.5\nMain,2024-06-01T00:30:00Z,2\n',
    );
    expect(await scanDropFolders(root, server.db, server.storage, progress)).toBe(1);
    const stored = await sql<{
      value: number;
    }>`select value from readings where data_point_id = ${pointId} order by ts`.execute(server.db);
    expect(stored.rows.map((row) => row.value)).toEqual([1.5, 2]);
    expect(existsSync(join(folder, 'day.csv'))).toBe(false);
    const processed = readdirSync(join(folder, 'processed'));
    expect(processed.filter((name) => name.endsWith('-day.csv'))).toHaveLength(1);
    const result = processed.find((name) => name.endsWith('.result.txt')) as string;
    expect(readFileSync(join(folder, 'processed', result), 'utf8')).toBe(
      'Imported 2 rows into 1 data point.\n',
    );
    const history = await server.db
      .selectFrom('data_imports')
      .select(['source', 'status'])
      .where('organisation_id', '=', organisationId)
      .execute();
    expect(history).toEqual([{ source: 'sftp', status: 'done' }]);
  });

  it('files a bad file or one without a template under failed/, with the reason, storing nothing', async () => {
    const bad = drop('Half hourly', 'bad.csv', 'Meter,Time,kWh\nMain,2024-06-02T00:00:00Z,oops\n');
    const orphan = drop('No such template', 'x.csv', 'Meter,Time,kWh\n');
    expect(await scanDropFolders(root, server.db, server.storage, progress)).toBe(2);
    const reason = (folder: string) => {
      const name = readdirSync(join(folder, 'failed')).find((file) => file.endsWith('.result.txt')) as string;
      return readFileSync(join(folder, 'failed', name), 'utf8');
    };
    expect(reason(bad)).toMatch(/^Nothing was imported: 1 problem was found in 1 rows/);
    expect(reason(orphan)).toMatch(
      /^Nothing was imported: there is no import template named 'No such template'/,
    );
    const count = await sql<{
      count: number;
    }>`select count(*)::int as count from readings where data_point_id = ${pointId}`.execute(server.db);
    expect(count.rows[0]?.count).toBe(2);
  });

  it('leaves a file that is still being written for the next scan', async () => {
    const folder = join(dropFolderPath(root, organisationId), 'Half hourly');
    writeFileSync(join(folder, 'growing.csv'), 'Meter,Time,kWh\n');
    expect(await scanDropFolders(root, server.db, server.storage, progress)).toBe(0);
    expect(existsSync(join(folder, 'growing.csv'))).toBe(true);
  });

  it('imports a file once when two processes scan at the same moment', async () => {
    const folder = drop(
      'Half hourly',
      'twice.csv',
      'Meter,Time,kWh\nMain,2024-06-03T00:00:00Z,4\nMain,2024-06-03T00:30:00Z,5\n',
    );
    const imports = () =>
      server.db
        .selectFrom('meter_files')
        .select('file_name')
        .where('organisation_id', '=', organisationId)
        .where('file_name', '=', 'twice.csv')
        .execute();
    // Each scan has its own progress, as each process has.
    const started = await Promise.all([
      scanDropFolders(root, server.db, server.storage, progress),
      scanDropFolders(root, server.db, server.storage, new ImportProgress()),
    ]);
    expect(started.sort()).toEqual([0, 1]);
    expect(await imports()).toEqual([{ file_name: 'twice.csv' }]);
    expect(readdirSync(join(folder, 'processed')).filter((name) => name.endsWith('-twice.csv'))).toHaveLength(
      1,
    );
    expect(readdirSync(join(folder, 'importing'))).toEqual([]);
  });

  it('takes up again a file whose importing process stopped more than an hour ago', async () => {
    const folder = join(dropFolderPath(root, organisationId), 'Half hourly');
    // Settled by the hours this test moves on, the earlier test's growing file would be taken up too.
    rmSync(join(folder, 'growing.csv'), { force: true });
    // Where a process killed in the middle of its import left the file it had claimed.
    writeFileSync(
      join(folder, 'importing', 'a1b2c3--left.csv'),
      'Meter,Time,kWh\nMain,2024-06-04T00:00:00Z,6\n',
    );
    expect(await scanDropFolders(root, server.db, server.storage, progress)).toBe(0);
    expect(readdirSync(join(folder, 'importing'))).toEqual(['a1b2c3--left.csv']);
    const later = Date.now() + 2 * 60 * 60_000;
    expect(await scanDropFolders(root, server.db, server.storage, progress, { now: later })).toBe(1);
    expect(readdirSync(join(folder, 'importing'))).toEqual([]);
    expect(readdirSync(join(folder, 'processed')).filter((name) => name.endsWith('-left.csv'))).toHaveLength(
      1,
    );
  });
});
