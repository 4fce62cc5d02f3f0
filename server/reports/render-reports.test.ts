import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachEngine } from '../db/test-database';
import { writeBatches } from '../readings/readings-writer';
import { quarterHours } from '../readings/test-points.test-helper';
import { pointsInNewSite, send } from '../saved-views/explorer-setup.test-helper';
import { startTestApp } from '../test-app';
import { PrintFailure } from './print-report';
import { A_PDF, type Printing, standInPrinter, TEXT_REPORT } from './printed-report.test-helper';
import { PRINT_ATTEMPTS, renderQueuedReports } from './render-reports';

type Server = Awaited<ReturnType<typeof startTestApp>>;
type Member = Awaited<ReturnType<Server['memberOfNewOrganisation']>>;

describeEachEngine('printing reports on %s', (engine) => {
  let server: Server;
  let owner: Member;
  let siteId: number;
  let pointId: number;
  let printing: Printing;
  // Chromium is not started here: the printer is a stand-in that records what it was asked to print.
  const { printer, printed } = standInPrinter(() => printing);
  const render = () =>
    renderQueuedReports(
      server.db,
      server.storage,
      { appUrl: 'http://app.test', printer },
      new AbortController().signal,
    );

  beforeAll(async () => {
    server = await startTestApp(engine, { runJobs: false });
    owner = await server.memberOfNewOrganisation('owner@printing.test', 'Printing Ltd');
    const made = await pointsInNewSite(server, owner.token, owner.organisationId, ['Main meter']);
    pointId = made.points[0] as number;
    siteId = made.siteId;
    const point = await server.db
      .selectFrom('data_points')
      .select(['id', 'kind', 'register_max', 'interval_minutes', 'time_zone'])
      .where('id', '=', pointId)
      .executeTakeFirstOrThrow();
    const ts = quarterHours('2026-10-01T00:00:00Z', '2026-10-03T00:00:00Z');
    await writeBatches(server.db, 'csv', [{ point, series: { ts, values: ts.map((_, index) => index) } }]);
  });
  afterAll(async () => server?.close());
  beforeEach(() => {
    printed.length = 0;
    printing = async () => ({ pdf: A_PDF, pages: 1 });
  });

  /** A report on the site for October 2026, and a run of it queued, as pdfGenerate queues one. */
  async function queuedRun(
    period: object = { kind: 'custom', from: '2026-10-01', to: '2026-10-31' },
    site: number = siteId,
  ) {
    const created = await send(server, 'POST', 'report', owner.token, {
      title: 'Site, October',
      document: TEXT_REPORT,
      scope: { kind: 'sites', siteIds: [site] },
      period,
      timeZone: 'Europe/London',
      schedule: null,
    });
    expect(created.status).toBe(200);
    const reportId = created.body.report.id as number;
    const queued = await send(server, 'POST', 'pdfGenerate', owner.token, { reportId, locale: 'fr-FR' });
    expect(queued.status).toBe(200);
    return { reportId, runId: queued.body.run.id as number };
  }
  const runOf = async (reportId: number, runId: number) => {
    const answer = await send(server, 'GET', `report/${reportId}`, owner.token);
    return (
      answer.body.runs as { id: number; status: string; error: string | null; pages: number | null }[]
    ).find((run) => run.id === runId);
  };

  it('prints a queued run in its language, keeps the PDF, and hands it out by a link that expires', async () => {
    const { reportId, runId } = await queuedRun();
    expect(await render()).toEqual({ done: 1, failed: 0 });
    expect(printed).toHaveLength(1);
    const url = new URL(printed[0]?.url as string);
    expect(url.pathname).toBe(`/print/report/${reportId}`);
    expect(url.searchParams.get('run')).toBe(String(runId));
    expect(url.searchParams.get('lng')).toBe('fr-FR');
    expect(printed[0]?.header).toMatchObject({ organisation: 'Printing Ltd', title: 'Site, October' });
    expect(await runOf(reportId, runId)).toMatchObject({ status: 'done', error: null, pages: 1 });

    const link = await send(server, 'GET', `getPdf/${runId}`, owner.token);
    expect(link.status).toBe(200);
    expect(link.body.fileName).toBe('Site, October 2026-10-01 to 2026-10-31.pdf');
    const pdf = await server.app.inject({ method: 'GET', url: link.body.url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.equals(A_PDF)).toBe(true);

    // Past its time the link is dead, and says so.
    await server.db
      .updateTable('report_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const expired = await server.app.inject({ method: 'GET', url: link.body.url });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toMatch(/expired/);
  });

  it('gives the data behind a run as CSV and XLSX, day by day over its period, once it is done', async () => {
    const { runId } = await queuedRun();
    // Still queued: there is nothing to give yet, and the answer says so.
    const early = await send(server, 'GET', `reportData/${runId}`, owner.token);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/still being made/);
    expect(await render()).toEqual({ done: 1, failed: 0 });

    const csv = await send(server, 'GET', `reportData/${runId}?format=csv`, owner.token);
    expect(csv.status).toBe(200);
    expect(csv.body.fileName).toBe('Site, October 2026-10-01 to 2026-10-31.csv');
    const text = (await server.storage.get(csv.body.url.replace('/files/', '')))?.toString('utf8') ?? '';
    // The meter's register reads 0, 1, 2, … a quarter hour apart from 1 October, 00:00 UTC (01:00 in London) to
    // 2 October, 23:45 UTC: a kWh in each quarter hour, booked to the quarter hour its reading ends.
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('Time (UTC),Local time (Europe/London),"Main meter (kWh, sum)"');
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual([
      '2026-10-01 00:00',
      '2026-10-02 00:00',
      '2026-10-03 00:00',
    ]);
    // London's 1 October has 23 hours of it, the 2nd all 24, the 3rd its first three quarter hours.
    expect(lines.slice(1).map((line) => Number(line.split(',')[2]))).toEqual([92, 96, 3]);
    expect(csv.body.rows).toBe(3);

    const xlsx = await send(server, 'GET', `reportData/${runId}?format=xlsx`, owner.token);
    expect(xlsx.body.fileName).toBe('Site, October 2026-10-01 to 2026-10-31.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      (await server.storage.get(xlsx.body.url.replace('/files/', ''))) as unknown as ArrayBuffer,
    );
    const sheet = workbook.getWorksheet('Data');
    expect(sheet?.getRow(2).getCell(3).value).toBe(92);
    expect(sheet?.rowCount).toBe(4);
  });

  it("reads the report's data with a print credential that is a viewer's, and only while the run is printed", async () => {
    const { reportId, runId } = await queuedRun();
    let credential = '';
    printing = async (request) => {
      credential = decodeURIComponent(new URL(request.url).hash.replace('#print=', ''));
      const read = await send(server, 'GET', `report/${reportId}`, credential);
      expect(read.status).toBe(200);
      // A viewer: it reads, and makes nothing.
      const write = await send(server, 'POST', 'pdfGenerate', credential, { reportId });
      expect(write.status).toBe(403);
      return { pdf: A_PDF, pages: 1 };
    };
    await render();
    expect((await runOf(reportId, runId))?.status).toBe('done');
    expect(credential).not.toBe('');
    const after = await send(server, 'GET', `report/${reportId}`, credential);
    expect(after.status).toBe(401);
  });

  it('fails a run with no readings in its period, saying so, without printing it', async () => {
    const { reportId, runId } = await queuedRun({ kind: 'custom', from: '2025-01-01', to: '2025-01-31' });
    expect(await render()).toEqual({ done: 0, failed: 1 });
    expect(printed).toHaveLength(0);
    expect(await runOf(reportId, runId)).toMatchObject({
      status: 'failed',
      error:
        "There are no readings in the report's scope from 2025-01-01 to 2025-01-31: there is nothing to report.",
    });
    const link = await send(server, 'GET', `getPdf/${runId}`, owner.token);
    expect(link.status).toBe(409);
    expect(link.body.message).toMatch(/failed, so it has no PDF: There are no readings/);
  });

  it("fails a run whose layout no longer validates, naming where, and one whose site's scope is gone", async () => {
    const broken = await queuedRun();
    await server.db
      .updateTable('reports')
      .set({ document: JSON.stringify({ ...TEXT_REPORT, rows: [{ key: 'x', columns: 'none' }] }) })
      .where('id', '=', broken.reportId)
      .execute();
    await render();
    const failed = await runOf(broken.reportId, broken.runId);
    expect(failed?.status).toBe('failed');
    expect(failed?.error).toMatch(
      /^The report's layout is not valid \(.*\/rows\/0\/columns.*\): edit it and run it again\.$/,
    );

    const gone = await server.db
      .insertInto('entities')
      .values({ organisation_id: owner.organisationId, type: 'site', name: 'Sold', updated_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const orphan = await queuedRun(undefined, gone.id);
    await server.db.deleteFrom('entities').where('id', '=', gone.id).execute();
    await render();
    expect(await runOf(orphan.reportId, orphan.runId)).toMatchObject({
      status: 'failed',
      error: `Site #${gone.id} in the report's scope was deleted: choose the report's sites again.`,
    });
    expect(printed).toHaveLength(0);
  });

  it('tries a run again after Chromium fails, and fails it with the reason after the last attempt', async () => {
    const { reportId, runId } = await queuedRun();
    printing = async () => {
      throw new PrintFailure('Chromium crashed while printing the report.', true);
    };
    await render();
    expect(printed).toHaveLength(PRINT_ATTEMPTS);
    const run = await runOf(reportId, runId);
    expect(run).toMatchObject({ status: 'failed', error: 'Chromium crashed while printing the report.' });
  });

  it('says where to start when no Chromium can be started, and stores no PDF', async () => {
    const { chromiumPrinter } = await import('./print-report');
    const missing = chromiumPrinter({ executablePath: '/nowhere/chromium' });
    const { reportId, runId } = await queuedRun();
    await renderQueuedReports(
      server.db,
      server.storage,
      { appUrl: 'http://app.test', printer: missing },
      new AbortController().signal,
    );
    const run = await runOf(reportId, runId);
    expect(run?.status).toBe('failed');
    expect(run?.error).toMatch(
      /^Chromium could not be started to print the report \(.*\)\. Install the chromium-headless-shell package, or set CHROMIUM_PATH/,
    );
  });
});
