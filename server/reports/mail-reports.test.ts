import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../db/test-database';
import { writeBatches } from '../readings/readings-writer';
import { quarterHours } from '../readings/test-points.test-helper';
import { pointsInNewSite, send } from '../saved-views/explorer-setup.test-helper';
import { startTestApp } from '../test-app';
import { MAILED_LINK_DAYS, mailPrintedRuns } from './mail-reports';
import { A_PDF, standInPrinter, TEXT_REPORT } from './printed-report.test-helper';
import { queueDueReports } from './queue-due-reports';
import { renderQueuedReports } from './render-reports';

type Server = Awaited<ReturnType<typeof startTestApp>>;
type Member = Awaited<ReturnType<Server['memberOfNewOrganisation']>>;

const PUBLIC_URL = 'http://insights.test';
describeEachEngine('mailing scheduled reports on %s', (engine) => {
  let server: Server;
  let owner: Member;
  let viewerId: string;
  let siteId: number;
  // Chromium is not started here: the printer is a stand-in that records what it was asked to print.
  const { printer, printed } = standInPrinter(() => async () => ({ pdf: A_PDF, pages: 1 }));
  const printedIn = () => printed.map(({ url }) => new URL(url).searchParams.get('lng'));
  const monthly = (
    recipients: object[],
    schedule: object | null = { every: 'month', on: { day: 1 }, at: '07:00' },
  ) => ({
    title: 'Site "monthly"\nSee https://elsewhere.example',
    document: TEXT_REPORT,
    scope: { kind: 'sites', siteIds: [siteId] },
    period: { kind: 'lastMonth' },
    timeZone: 'Europe/London',
    schedule,
    recipients,
  });
  const mailing = () => ({ mailer: server.mailer, publicUrl: PUBLIC_URL, storage: server.storage });
  const outbox = () =>
    server.db
      .selectFrom('outbox')
      .select(['to_address', 'subject', 'body'])
      .where('about', '=', 'reports')
      .orderBy('created_at')
      .execute();

  beforeAll(async () => {
    server = await startTestApp(engine, { runJobs: false });
    owner = await server.memberOfNewOrganisation('owner@mailing.test', 'Mailing Ltd');
    viewerId = (await server.invitedMember(owner.token, 'viewer@mailing.test', 'viewer')).userId;
    const made = await pointsInNewSite(server, owner.token, owner.organisationId, ['Main meter']);
    siteId = made.siteId;
    const point = await server.db
      .selectFrom('data_points')
      .select(['id', 'kind', 'register_max', 'interval_minutes', 'time_zone'])
      .where('id', '=', made.points[0] as number)
      .executeTakeFirstOrThrow();
    const ts = quarterHours('2026-10-01T00:00:00Z', '2026-10-03T00:00:00Z');
    await writeBatches(server.db, 'csv', [{ point, series: { ts, values: ts.map((_, index) => index) } }]);
  });
  afterAll(async () => server?.close());

  it('prints a scheduled run once per language of its recipients, and mails each the link to theirs, once', async () => {
    const created = await send(
      server,
      'POST',
      'report',
      owner.token,
      monthly([
        { kind: 'member', userId: viewerId, locale: 'fr-FR' },
        { kind: 'address', email: 'board@example.com', locale: 'en-US' },
        { kind: 'address', email: 'direction@example.fr', locale: 'fr-FR' },
      ]),
    );
    expect(created.status).toBe(200);
    const reportId = created.body.report.id as number;
    expect(created.body.report.recipients).toHaveLength(3);
    const listed = await send(server, 'GET', 'reportsData', owner.token);
    expect(listed.body.reports.find((report: { id: number }) => report.id === reportId).recipients).toEqual(
      created.body.report.recipients,
    );

    // The schedule comes due: 1 November 2026, 07:00 in London, for October.
    await server.db
      .updateTable('reports')
      .set({ next_run_at: new Date('2026-11-01T07:00:00Z') })
      .where('id', '=', reportId)
      .execute();
    expect(await queueDueReports(server.db, new Date('2026-11-01T07:00:30Z'))).toEqual({
      queued: 2,
      stopped: 0,
    });
    expect(
      await renderQueuedReports(
        server.db,
        server.storage,
        { appUrl: 'http://app.test', printer },
        new AbortController().signal,
      ),
    ).toEqual({ done: 2, failed: 0 });
    expect(printedIn().sort()).toEqual(['en-US', 'fr-FR']);

    const now = new Date();
    expect(await mailPrintedRuns(server.db, mailing(), now)).toEqual({ runs: 2, mails: 3 });
    const mails = await outbox();
    const to = (address: string) => mails.find((mail) => mail.to_address === address);
    expect(mails.map((mail) => mail.to_address).sort()).toEqual([
      'board@example.com',
      'direction@example.fr',
      'viewer@mailing.test',
    ]);
    // The title the editor typed is quoted on one line: it cannot add a line, or a link of its own.
    expect(to('board@example.com')?.subject).toBe('Report: Site "monthly" See https://elsewhere.example');
    expect(to('board@example.com')?.body).toContain('for 2026-10-01 to 2026-10-31 is ready.');
    expect(to('viewer@mailing.test')?.subject).toMatch(/^Rapport : /);
    expect(to('viewer@mailing.test')?.body).toContain('du 2026-10-01 au 2026-10-31 est prêt.');
    // Those reading one language share a run, and so a PDF; the link works for a week, then says it has expired.
    const linkOf = (body: string) =>
      (body.match(/http:\/\/insights\.test(\/report-files\/\S+)/) as RegExpMatchArray)[1] as string;
    const french = linkOf(to('viewer@mailing.test')?.body as string);
    expect(linkOf(to('direction@example.fr')?.body as string)).toBe(french);
    expect(linkOf(to('board@example.com')?.body as string)).not.toBe(french);
    const pdf = await server.app.inject({ method: 'GET', url: french });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const link = await server.db
      .selectFrom('report_links')
      .select('expires_at')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(new Date(link.expires_at).getTime()).toBe(now.getTime() + MAILED_LINK_DAYS * 24 * 3600 * 1000);

    // Asked again (another process, a restart), nobody is mailed twice.
    expect(await mailPrintedRuns(server.db, mailing())).toEqual({ runs: 0, mails: 0 });
    expect(await outbox()).toHaveLength(3);
  });

  it('mails nothing about a run that failed, nor about one a person asked for', async () => {
    const before = (await outbox()).length;
    const created = await send(server, 'POST', 'report', owner.token, {
      ...monthly([{ kind: 'address', email: 'board@example.com', locale: 'en-US' }]),
      // October, whenever the test runs: the run asked for now has the readings to print, as the scheduled one.
      period: { kind: 'custom', from: '2026-10-01', to: '2026-10-31' },
    });
    const reportId = created.body.report.id as number;
    const asked = await send(server, 'POST', 'pdfGenerate', owner.token, { reportId });
    expect(asked.status).toBe(200);
    await server.db
      .updateTable('reports')
      .set({ next_run_at: new Date('2026-11-01T07:00:00Z') })
      .where('id', '=', reportId)
      .execute();
    await queueDueReports(server.db, new Date('2026-11-01T07:00:30Z'));
    // The scheduled run fails whenever it is printed; the run a person asked for prints.
    const failing = standInPrinter(() => async ({ url }) => {
      if (new URL(url).searchParams.get('run') !== String(asked.body.run.id))
        throw new Error('Chromium crashed');
      return { pdf: A_PDF, pages: 1 };
    }).printer;
    const render = () =>
      renderQueuedReports(
        server.db,
        server.storage,
        { appUrl: 'http://app.test', printer: failing },
        new AbortController().signal,
      );
    // The failing run is tried again until the renderer's limit.
    for (let attempt = 0; attempt < 4; attempt++) await render();
    const runs = await send(server, 'GET', `report/${reportId}`, owner.token);
    expect(runs.body.runs.map((run: { status: string }) => run.status).sort()).toEqual(['done', 'failed']);
    expect(await mailPrintedRuns(server.db, mailing())).toEqual({ runs: 0, mails: 0 });
    expect(await outbox()).toHaveLength(before);
  });

  it('refuses recipients without a schedule, members of another organisation and the same person twice', async () => {
    const refused = async (body: object) => {
      const answer = await send(server, 'POST', 'report', owner.token, body);
      expect(answer.status).toBe(400);
      return answer.body.issues?.[0] ?? answer.body;
    };
    expect(
      await refused(monthly([{ kind: 'address', email: 'board@example.com', locale: 'en-US' }], null)),
    ).toMatchObject({ pointer: '/recipients' });
    const stranger = await server.memberOfNewOrganisation('owner@elsewhere.test', 'Elsewhere Ltd');
    // Another organisation's member, as one who does not exist.
    const foreign = await send(
      server,
      'POST',
      'report',
      owner.token,
      monthly([{ kind: 'member', userId: stranger.userId, locale: 'en-US' }]),
    );
    expect(foreign.status).toBe(404);
    expect(
      await refused(
        monthly([
          { kind: 'address', email: 'board@example.com', locale: 'en-US' },
          { kind: 'address', email: 'Board@Example.com', locale: 'fr-FR' },
        ]),
      ),
    ).toMatchObject({ pointer: '/recipients/1', message: 'This recipient is on the list already.' });
    expect(
      await refused(monthly([{ kind: 'address', email: 'not an address', locale: 'en-US' }])),
    ).toMatchObject({
      pointer: '/recipients/0/email',
    });
    const stored = await server.db
      .selectFrom('reports')
      .select('id')
      .where('organisation_id', '=', owner.organisationId)
      .execute();
    expect(stored).toHaveLength(2);
  });
  it('attaches the PDF to the mail when the report says so, beside the link', async () => {
    const created = await send(server, 'POST', 'report', owner.token, {
      ...monthly([{ kind: 'address', email: 'attached@example.com', locale: 'en-US' }]),
      title: 'Attached',
      attachPdf: true,
    });
    expect(created.body.report.attachPdf).toBe(true);
    const reportId = created.body.report.id as number;
    await server.db
      .updateTable('reports')
      .set({ next_run_at: new Date('2026-11-01T07:00:00Z') })
      .where('id', '=', reportId)
      .execute();
    await queueDueReports(server.db, new Date('2026-11-01T07:00:30Z'));
    await renderQueuedReports(
      server.db,
      server.storage,
      { appUrl: 'http://app.test', printer },
      new AbortController().signal,
    );
    await mailPrintedRuns(server.db, mailing());
    const mail = await server.db
      .selectFrom('outbox')
      .select(['body', 'attachments'])
      .where('to_address', '=', 'attached@example.com')
      .executeTakeFirstOrThrow();
    expect(mail.attachments).toEqual([
      { filename: 'Attached 2026-10-01 to 2026-10-31.pdf', bytes: A_PDF.length },
    ]);
    expect(mail.body).toContain('is ready. The PDF is attached to this mail.');
    expect(mail.body).toMatch(/Open the PDF: http:\/\/insights\.test\/report-files\/\S+/);
    // The others' mail carried nothing.
    const plain = await server.db
      .selectFrom('outbox')
      .select('attachments')
      .where('to_address', '=', 'board@example.com')
      .executeTakeFirstOrThrow();
    expect(plain.attachments).toBeNull();
  });
});
