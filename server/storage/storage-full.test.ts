import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp } from '../test-app';
import { describeWithTinyDisk } from './tiny-disk.test-helper';

/** A meter file of about `bytes`, readable as one. */
function meterFile(bytes: number): Buffer {
  const lines = ['Meter,Time,kWh'];
  let length = lines[0]?.length ?? 0;
  for (let minute = 0; length < bytes; minute++) {
    const line = `Main,${new Date(Date.UTC(2025, 0, 1, 0, minute)).toISOString()},${minute}`;
    lines.push(line);
    length += line.length + 1;
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** Every file under the folder, with its size. */
function filesUnder(folder: string): [string, number][] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => join(folder, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => [path.slice(folder.length + 1), statSync(path).size]);
}

describeWithTinyDisk('uploads when the storage disk is full', 256 * 1024, (disk) => {
  let server: Awaited<ReturnType<typeof startTestApp>>;
  let member: Awaited<ReturnType<typeof server.memberOfNewOrganisation>>;

  beforeAll(async () => {
    server = await startTestApp('pglite', { storageRoot: disk() });
    member = await server.memberOfNewOrganisation('full@example.test', 'Full disk');
  });
  afterAll(async () => server?.close());

  const upload = (bytes: Buffer) =>
    server.upload(`meterfiles?name=${encodeURIComponent('meters.csv')}`, member.token, bytes, 'text/csv');

  it('refuses a file the disk has no room for, saying so, and keeps no part of it', async () => {
    const refused = await upload(meterFile(600 * 1024));
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({
      message:
        "There is no room left to store the file, so nothing was kept. Ask your administrator to free space on the server's storage, then try again.",
    });
    expect(filesUnder(disk())).toEqual([]);
    const recorded = await server.db.selectFrom('meter_files').select('id').execute();
    expect(recorded).toEqual([]);
  });

  it('keeps a file that fits, whole', async () => {
    const bytes = meterFile(20 * 1024);
    const kept = await upload(bytes);
    expect(kept.status).toBe(200);
    expect(filesUnder(disk())).toEqual([
      [expect.stringMatching(/^METER_FILES\/[0-9a-f-]+\.csv$/), bytes.length],
    ]);
  });
});
