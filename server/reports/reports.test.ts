import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../db/test-database';
import { pointsInNewSite, send } from '../saved-views/explorer-setup.test-helper';
import { startTestApp } from '../test-app';
import { queueDueReports } from './queue-due-reports';

type Server = Awaited<ReturnType<typeof startTestApp>>;
type Member = Awaited<ReturnType<Server['memberOfNewOrganisation']>>;

const document = {
  schemaVersion: 2,
  id: 'reports/monthly',
  title: 'Monthly energy',
  rows: [
    {
      key: 'summary',
      columns: [
        {
          key: 'text',
          span: { base: 12 },
          cards: [
            {
              key: 'intro',
              title: 'This month',
              widgets: [{ key: 'intro', name: 'text', data: { body: 'Energy.' } }],
            },
          ],
        },
      ],
    },
  ],
};

describeEachEngine('reports on %s', (engine) => {
  let server: Server;
  let owner: Member;
  let viewer: string;
  let siteId: number;
  let points: number[];

  beforeAll(async () => {
    server = await startTestApp(engine, { runJobs: false });
    owner = await server.memberOfNewOrganisation('owner@reports.test', 'Reports Ltd');
    points = (await pointsInNewSite(server, owner.token, owner.organisationId, ['Main meter'])).points;
    siteId = (
      await server.db
        .selectFrom('entities')
        .select('id')
        .where('organisation_id', '=', owner.organisationId)
        .where('type', '=', 'site')
        .executeTakeFirstOrThrow()
    ).id;
    viewer = (await server.invitedMember(owner.token, 'viewer@reports.test', 'viewer')).token;
  });
  afterAll(async () => server?.close());

  const monthly = () => ({
    title: 'Head Office, monthly energy',
    document,
    scope: { kind: 'sites', siteIds: [siteId] },
    period: { kind: 'lastMonth' },
    timeZone: 'Europe/London',
    schedule: { every: 'month', on: { workingDay: 1 }, at: '07:00' },
  });
  const create = (token: string, body: object) => send(server, 'POST', 'report', token, body);
  const list = async (token: string) => {
    const response = await send(server, 'GET', 'reportsData', token);
    expect(response.status).toBe(200);
    return response.body.reports as {
      id: number;
      title: string;
      nextRunAt: string | null;
      lastRun: unknown;
    }[];
  };

  it("keeps an editor's scheduled report, with its first run on the next first working day, for every member to read", async () => {
    const created = await create(owner.token, monthly());
    expect(created.body.issues ?? created.body.message).toBeUndefined();
    expect(created.status).toBe(200);
    const report = created.body.report;
    expect(report).toMatchObject({
      title: 'Head Office, monthly energy',
      scope: { kind: 'sites', siteIds: [siteId] },
      timeZone: 'Europe/London',
      scheduleError: null,
      lastRun: null,
    });
    // The first working day of a month, at 07:00 in London (06:00 UTC in summer), after now.
    const next = new Date(report.nextRunAt);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect([6, 7]).toContain(next.getUTCHours());
    expect(next.getUTCDate()).toBeLessThanOrEqual(3);
    expect((await list(viewer)).map((each) => each.title)).toContain('Head Office, monthly energy');

    // Its run, once due, is listed as its latest.
    await queueDueReports(server.db, new Date(next.getTime() + 30_000));
    const listed = (await list(viewer)).find((each) => each.id === report.id);
    expect(listed?.lastRun).toMatchObject({ status: 'queued', scheduledFor: next.toISOString() });
  });

  it('keeps a report of chosen data points without a schedule, never queued', async () => {
    const created = await create(owner.token, {
      ...monthly(),
      title: 'Main meter, one week',
      scope: { kind: 'dataPoints', dataPointIds: points },
      period: { kind: 'custom', from: '2026-11-02', to: '2026-11-08' },
      schedule: null,
    });
    expect(created.status).toBe(200);
    expect(created.body.report).toMatchObject({ schedule: null, nextRunAt: null });
  });

  it('refuses a viewer, and says what is wrong with a report where it is', async () => {
    expect((await create(viewer, monthly())).status).toBe(403);
    const refused = async (body: object) => {
      const answer = await create(owner.token, { ...monthly(), ...body });
      expect(answer.status).toBe(400);
      return answer.body.issues as { pointer: string; message: string }[];
    };
    expect(await refused({ period: { kind: 'custom', from: '2026-11-08', to: '2026-11-02' } })).toEqual([
      {
        pointer: '/period/to',
        message: 'The period is empty: it ends on 2026-11-02, before it starts on 2026-11-08',
      },
    ]);
    expect(await refused({ timeZone: 'Europe/Atlantis' })).toEqual([
      {
        pointer: '/timeZone',
        message: '"Europe/Atlantis" is not a known time zone. Use an IANA name such as Europe/London.',
      },
    ]);
    expect((await refused({ title: '   ' }))[0]?.pointer).toBe('/title');
    // The document is checked as a page's is, with every problem under /document.
    const documentIssues = await refused({
      document: { ...document, rows: [{ key: 'r', columns: 'none' }] },
    });
    expect(documentIssues.every((issue) => issue.pointer.startsWith('/document/rows/0'))).toBe(true);
    // Nothing was stored by any of them.
    expect((await list(owner.token)).map((each) => each.title).sort()).toEqual([
      'Head Office, monthly energy',
      'Main meter, one week',
    ]);
  });

  it('makes a report now for its period as of now, once however often it is asked, with the runs on its page', async () => {
    const id = (await create(owner.token, { ...monthly(), title: 'Run now' })).body.report.id as number;
    const runNow = (token: string) => send(server, 'POST', 'pdfGenerate', token, { reportId: id });
    expect((await runNow(viewer)).status).toBe(403);
    // Two presses at once queue one run, last month as of now in London.
    const [first, second] = await Promise.all([runNow(owner.token), runNow(owner.token)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.body.alreadyQueued, second.body.alreadyQueued].sort()).toEqual([false, true]);
    expect(second.body.run.id).toBe(first.body.run.id);
    const run = first.body.run;
    expect(run).toMatchObject({ status: 'queued', scheduledFor: null, finishedAt: null, error: null });
    const from = new Date(run.periodFrom);
    const to = new Date(run.periodTo);
    expect(to.getTime()).toBeLessThanOrEqual(Date.now());
    expect((to.getTime() - from.getTime()) / 86_400_000).toBeGreaterThanOrEqual(27.9);
    expect((to.getTime() - from.getTime()) / 86_400_000).toBeLessThanOrEqual(31.1);

    // Every member reads the report, its document as stored and its runs, newest first.
    const page = await send(server, 'GET', `report/${id}`, viewer);
    expect(page.status).toBe(200);
    expect(page.body.document).toMatchObject({ id: 'reports/monthly', title: 'Monthly energy' });
    expect(page.body.runs.map((each: { id: number }) => each.id)).toEqual([run.id]);
    expect(page.body.report.lastRun).toEqual(run);

    // Once that run is made, asking again queues a new one.
    await server.db
      .updateTable('report_runs')
      .set({ status: 'done', finished_at: new Date() })
      .where('id', '=', run.id)
      .execute();
    const again = await runNow(owner.token);
    expect(again.body.alreadyQueued).toBe(false);
    expect(again.body.run.id).not.toBe(run.id);
    expect(
      (await send(server, 'GET', `report/${id}`, viewer)).body.runs.map((each: { id: number }) => each.id),
    ).toEqual([again.body.run.id, run.id]);
  });

  it('changes a report as a whole over its revision: a layout saved keeps the next run, a new schedule sets it afresh, a stale save is refused', async () => {
    const made = (
      await create(owner.token, {
        ...monthly(),
        title: 'To change',
        recipients: [{ kind: 'address', email: 'board@reports.test', locale: 'fr-FR' }],
      })
    ).body.report;
    expect(made).toMatchObject({ revision: 1, paper: { size: 'A4', landscape: false } });
    const update = (token: string, body: object) =>
      send(server, 'PUT', `report/${made.id}`, token, {
        ...monthly(),
        baseRevision: 1,
        attachPdf: false,
        ...body,
      });
    const retitled = { ...document, title: 'Monthly energy, wider' };

    // A viewer may not; an editor's change of layout, paper and recipients keeps when it runs.
    expect((await update(viewer, { paper: made.paper, recipients: [] })).status).toBe(403);
    // A run already due and not queued yet stays due through a change of layout: it is not moved on, nor skipped.
    const due = new Date(Date.now() - 60_000);
    await server.db.updateTable('reports').set({ next_run_at: due }).where('id', '=', made.id).execute();
    const saved = await update(owner.token, {
      title: 'To change',
      document: retitled,
      paper: { size: 'Letter', landscape: true },
      recipients: [{ kind: 'address', email: 'site@reports.test', locale: 'zh-CN' }],
    });
    expect(saved.body.issues ?? saved.body.message).toBeUndefined();
    expect(saved.body.report).toMatchObject({
      revision: 2,
      paper: { size: 'Letter', landscape: true },
      nextRunAt: due.toISOString(),
      recipients: [{ kind: 'address', email: 'site@reports.test', locale: 'zh-CN' }],
    });
    expect(saved.body.document.title).toBe('Monthly energy, wider');
    const read = await send(server, 'GET', `report/${made.id}`, viewer);
    expect(read.body.document.title).toBe('Monthly energy, wider');
    expect(read.body.report.revision).toBe(2);

    // Someone else saves from revision 1 too: refused with what is current, nothing stored.
    const stale = await update(owner.token, { title: 'Lost change', paper: made.paper, recipients: [] });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/^Report \d+ is at revision 2 \(saved by .+\), not revision 1/);
    expect(stale.body.conflict).toMatchObject({ revision: 2, document: { title: 'Monthly energy, wider' } });
    expect((await send(server, 'GET', `report/${made.id}`, viewer)).body.report.title).toBe('To change');

    // A daily schedule in another zone sets the next run afresh; without a schedule, no recipients.
    const daily = await update(owner.token, {
      baseRevision: 2,
      title: 'To change',
      paper: made.paper,
      timeZone: 'Asia/Tokyo',
      schedule: { every: 'day', at: '06:30' },
      recipients: [],
    });
    expect(daily.status).toBe(200);
    const next = new Date(daily.body.report.nextRunAt);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);
    expect([next.getUTCHours(), next.getUTCMinutes()]).toEqual([21, 30]);
    const unscheduled = await update(owner.token, {
      baseRevision: 3,
      paper: made.paper,
      schedule: null,
      recipients: [{ kind: 'address', email: 'site@reports.test', locale: 'en-US' }],
    });
    expect(unscheduled.status).toBe(400);
    expect(unscheduled.body.issues[0].pointer).toBe('/recipients');
    expect((await send(server, 'GET', `report/${made.id}`, viewer)).body.report.revision).toBe(3);
  });

  it('removes a report with its runs; an editor of another organisation finds none of it', async () => {
    const id = (await create(owner.token, { ...monthly(), title: 'To go' })).body.report.id as number;
    const other = await server.memberOfNewOrganisation('owner@other-reports.test', 'Other');
    expect((await send(server, 'DELETE', `report/${id}`, other.token)).status).toBe(404);
    expect(await list(other.token)).toEqual([]);
    expect((await create(other.token, monthly())).status).toBe(404);
    expect(await send(server, 'DELETE', `report/${id}`, owner.token)).toEqual({
      status: 200,
      body: { deleted: id },
    });
    expect((await list(owner.token)).map((each) => each.id)).not.toContain(id);
    expect((await send(server, 'DELETE', `report/${id}`, owner.token)).status).toBe(404);
  });
});
