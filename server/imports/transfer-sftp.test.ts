import { existsSync, mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../db/test-database';
import { recordReadingsWritten } from '../readings/readings-written.test-helper';
import { startTestApp } from '../test-app';
import { dropFolderPath } from './drop-folder';
import { siteWithPoints } from './points.test-helper';

const MAPPING = {
  timestamp: { column: 'Time', format: 'iso', timeZone: 'UTC' },
  value: { column: 'kWh', unit: 'kWh' },
  dataPoint: { column: 'Meter' },
};

describeEachEngine('the SFTP drop folder as its organisation sees it, on %s', (engine) => {
  const root = mkdtempSync(join(tmpdir(), 'insights-sftp-root-'));
  let server: Awaited<ReturnType<typeof startTestApp>>;
  let member: { token: string; organisationId: number };

  beforeAll(async () => {
    server = await startTestApp(engine, { dropFolderRoot: root });
    member = await server.memberOfNewOrganisation('drops@example.test', 'Drops');
    await server.api('importTemplates', member.token, { name: 'Half hourly', mapping: MAPPING });
  });
  afterAll(async () => server?.close());

  it('names its folders from the root of its own SFTP folder, never where that lies on the server', async () => {
    const answer = await server.api('transfer_sftp', member.token, {});
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      enabled: true,
      folder: '/',
      templates: [{ name: 'Half hourly', folder: '/Half hourly' }],
    });
    expect(JSON.stringify(answer.body)).not.toContain(root);
  });

  it.each([
    ['../../../etc/passwd', 'cannot contain / or \\'],
    ['meters\\north', 'cannot contain / or \\'],
    ['..', 'cannot begin with a dot'],
    ['.hidden', 'cannot begin with a dot'],
    ['tab\there', 'cannot contain control characters'],
    [' padded', 'cannot begin or end with a space'],
  ])('refuses the template name %j, which is no single folder name, and keeps nothing', async (name, why) => {
    const answer = await server.api('importTemplates', member.token, { name, mapping: MAPPING });
    expect(answer).toEqual({
      status: 400,
      body: {
        message: `The template name ${why}: it names the template’s SFTP folder.`,
        issues: [
          { pointer: '/name', message: `The template name ${why}: it names the template’s SFTP folder.` },
        ],
      },
    });
    const templates = (await server.api('importTemplates', member.token, {})).body.templates as {
      name: string;
    }[];
    expect(templates.map((template) => template.name)).toEqual(['Half hourly']);
  });

  it('imports a file dropped in a template folder by itself: the job runner scans the folders every 5 seconds', async () => {
    const { 'Night meter': nightMeter } = await siteWithPoints(
      server.db,
      member.organisationId,
      'Europe/London',
      [{ name: 'Night meter', unit: 'kWh', kind: 'interval' }],
    );
    const recorded = recordReadingsWritten();
    const folder = join(dropFolderPath(root, member.organisationId), 'Half hourly');
    mkdirSync(folder, { recursive: true });
    const file = join(folder, 'night.csv');
    writeFileSync(file, 'Meter,Time,kWh\nNight meter,2024-06-01T00:00:00Z,1.5\n');
    // Settled, as an upload finished a while ago is.
    const past = new Date(Date.now() - 60_000);
    utimesSync(file, past, past);
    const processed = join(folder, 'processed');
    const deadline = Date.now() + 15_000;
    while (!existsSync(processed) || !readdirSync(processed).some((name) => name.endsWith('night.csv'))) {
      if (Date.now() > deadline) throw new Error('the dropped file was not imported within 15 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const imports = await server.db
      .selectFrom('data_imports')
      .select(['status', 'source'])
      .where('organisation_id', '=', member.organisationId)
      .execute();
    expect(imports).toEqual([{ status: 'done', source: 'sftp' }]);
    recorded.stop();
    // The dropped file's readings went through the one readings writer.
    expect(recorded.writes).toEqual([{ source: 'sftp', written: 1, pointIds: [nightMeter] }]);
  }, 30_000);
});
