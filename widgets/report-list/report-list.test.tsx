import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { responseExamples } from '../../src/generated/api-examples';
import type { Report, ReportRun } from '../../src/generated/api-types';
import { nextRuns } from '../../src/reports/report-schedule';
import { answer } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { resetSession, signInToSession } from '../../tests/fixtures/current-user';
import { renderInApp } from '../../tests/render';
import ReportList from './index';
import { formatInZone } from './report-words';

beforeEach(() => {
  signInToSession({ role: 'editor' });
});
afterEach(() => {
  vi.restoreAllMocks();
  resetSession();
});

const done: ReportRun = {
  id: 8,
  status: 'done',
  scheduledFor: '2026-11-02T07:00:00.000Z',
  periodFrom: '2026-10-01T00:00:00.000Z',
  periodTo: '2026-11-01T00:00:00.000Z',
  createdAt: '2026-11-02T07:00:01.000Z',
  finishedAt: '2026-11-02T07:00:09.000Z',
  error: null,
  progress: 100,
  locale: 'en-US',
  pages: 3,
};
const monthly: Report = {
  id: 2,
  title: 'Head Office, monthly energy',
  scope: { kind: 'sites', siteIds: [4] },
  period: { kind: 'lastMonth' },
  timeZone: 'Europe/London',
  paper: { size: 'A4', landscape: false },
  schedule: { every: 'month', on: { workingDay: 1 }, at: '07:00' },
  nextRunAt: '2026-12-01T07:00:00.000Z',
  scheduleError: null,
  createdAt: '2026-10-20T10:00:00.000Z',
  revision: 1,
  lastRun: done,
  recipients: [],
  attachPdf: false,
};
const sites = answer('sites', responseExamples.sites[0]);
/** What the new-report form reads besides the list: the sites, and the holidays its preview steps over. */
const formReads = [
  sites,
  answer('holidays', { holidays: [] }),
  answer('getUsers', responseExamples.getUsers[0]),
];

describe('report list', () => {
  it('says what each report covers, when it is sent next in its zone, and opens its PDF by a link asked for then', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const calls = useApi(
      ...formReads,
      answer('reportsData', { reports: [monthly] }),
      answer('getPdf', {
        url: '/report-files/abc',
        expiresAt: '2026-11-30T20:00:00Z',
        fileName: 'x.pdf',
        pages: 3,
      }),
    );
    renderInApp(<ReportList data={{}} />);
    const item = await screen.findByRole('listitem', { name: 'Head Office, monthly energy' });
    expect(
      within(item).getByText(
        'Last month · A4, portrait · Monthly, on the first working day at 07:00 (Europe/London); next Dec 1, 2026, 7:00 AM',
      ),
    ).toBeTruthy();
    // Its layout opens in the layout editor.
    expect(within(item).getByRole('link', { name: 'Edit layout' }).getAttribute('href')).toBe(
      '/reports/2/edit',
    );
    expect(within(item).getByText('Done')).toBeTruthy();
    fireEvent.click(within(item).getByRole('button', { name: 'Open PDF (3 pages)' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/report-files/abc', '_blank', 'noopener'));
    expect(callsTo(calls, 'getPdf').map((call) => call.request)).toEqual([{ runId: 8 }]);
  });

  it('makes the file of the data behind a done run, and offers it to download under its name', async () => {
    const calls = useApi(
      ...formReads,
      answer('reportsData', { reports: [monthly] }),
      answer('reportData', ({ format }) => ({
        url: `/files/EXPORTS/abc.${format}`,
        fileName: `Head Office, monthly energy 2026-10-01 to 2026-10-31.${format}`,
        rows: 31,
        bytes: 2048,
      })),
    );
    renderInApp(<ReportList data={{}} />);
    const item = await screen.findByRole('listitem', { name: 'Head Office, monthly energy' });
    const data = within(item).getByRole('group', { name: 'The data behind the report, day by day' });
    fireEvent.click(within(data).getByRole('button', { name: 'XLSX' }));
    const link = await within(item).findByRole('link', {
      name: 'Download Head Office, monthly energy 2026-10-01 to 2026-10-31.xlsx',
    });
    expect(link.getAttribute('href')).toBe('/files/EXPORTS/abc.xlsx');
    expect(link.getAttribute('download')).toBe('Head Office, monthly energy 2026-10-01 to 2026-10-31.xlsx');
    expect(callsTo(calls, 'reportData').map((call) => call.request)).toEqual([{ runId: 8, format: 'xlsx' }]);
  });

  it("makes a report now in the reader's language, and shows it being made with its progress", async () => {
    const running: ReportRun = {
      ...done,
      id: 9,
      status: 'running',
      progress: 40,
      finishedAt: null,
      pages: null,
    };
    let made = false;
    const calls = useApi(
      ...formReads,
      answer('reportsData', () => ({ reports: [{ ...monthly, lastRun: made ? running : done }] })),
      answer('pdfGenerate', () => {
        made = true;
        return { run: { ...running, status: 'queued', progress: 0 }, alreadyQueued: false };
      }),
    );
    renderInApp(<ReportList data={{}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Make now' }));
    const bar = await screen.findByRole('progressbar', { name: 'How far the report has got' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('Being made')).toBeTruthy();
    expect(callsTo(calls, 'pdfGenerate').map((call) => call.request)).toEqual([
      { reportId: 2, locale: 'en-US' },
    ]);
  });

  it("shows why a run failed, in the run's own words", async () => {
    const failed: ReportRun = {
      ...done,
      status: 'failed',
      pages: null,
      progress: 0,
      error:
        "There are no readings in the report's scope from 2026-10-01 to 2026-10-31: there is nothing to report.",
    };
    useApi(...formReads, answer('reportsData', { reports: [{ ...monthly, lastRun: failed }] }));
    renderInApp(<ReportList data={{}} />);
    expect(await screen.findByText(failed.error as string)).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Open PDF/ })).toBeNull();
  });

  it("starts a report on a site from the template, showing its next runs in the site's zone before it is saved", async () => {
    const site = responseExamples.sites[0].sites[0]?.entity;
    const calls = useApi(
      ...formReads,
      answer('reportsData', { reports: [] }),
      answer('reportCreate', (request) => ({ report: { ...monthly, title: request.title, lastRun: null } })),
    );
    renderInApp(<ReportList data={{}} />);
    const form = await screen.findByRole('form', { name: 'New report' });
    expect(within(form).getByTestId('next-runs').textContent).toMatch(/^Next runs: .+, .+, .+ \(.+\)$/);
    fireEvent.click(within(form).getByRole('button', { name: 'Create report' }));
    await waitFor(() => expect(callsTo(calls, 'reportCreate')).toHaveLength(1));
    const request = callsTo(calls, 'reportCreate')[0]?.request;
    expect(request).toMatchObject({
      title: `${site?.name}, energy`,
      scope: { kind: 'sites', siteIds: [site?.id] },
      period: { kind: 'lastMonth' },
      paper: { size: 'A4', landscape: false },
      schedule: { every: 'month', on: { workingDay: 1 }, at: '07:00' },
      document: { id: 'reports/templates/site-energy-month' },
    });
  });

  it("starts a portfolio benchmark on every site, read in the first site's zone", async () => {
    const listed = responseExamples.sites[0].sites.map((entry) => entry.entity);
    const calls = useApi(
      ...formReads,
      answer('reportsData', { reports: [] }),
      answer('reportCreate', (request) => ({ report: { ...monthly, title: request.title, lastRun: null } })),
    );
    renderInApp(<ReportList data={{}} />);
    const form = await screen.findByRole('form', { name: 'New report' });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Template' }), {
      target: { value: 'portfolio-benchmark' },
    });
    expect(
      within(form).getByRole<HTMLSelectElement>('combobox', { name: 'Site' }).selectedOptions[0]?.text,
    ).toBe('All sites');
    fireEvent.click(within(form).getByRole('button', { name: 'Create report' }));
    await waitFor(() => expect(callsTo(calls, 'reportCreate')).toHaveLength(1));
    expect(callsTo(calls, 'reportCreate')[0]?.request).toMatchObject({
      title: 'All sites, benchmark',
      scope: { kind: 'sites', siteIds: listed.map((site) => site.id) },
      timeZone: listed[0]?.timeZone,
      document: { id: 'reports/templates/portfolio-benchmark' },
    });
  });

  it("steps the preview's next runs over the organisation's holidays", async () => {
    const site = responseExamples.sites[0].sites[0]?.entity;
    const zone = site?.timeZone ?? 'UTC';
    const monthlyRun = { every: 'month', on: { workingDay: 1 }, at: '07:00' } as const;
    // Next month's first working day made a holiday: the first run is the working day after it.
    const [plain] = nextRuns(monthlyRun, Date.now(), zone, 1);
    const holiday = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(plain);
    const [moved] = nextRuns(monthlyRun, Date.now(), zone, 1, { holidays: new Set([holiday]) });
    useApi(
      sites,
      answer('getUsers', responseExamples.getUsers[0]),
      answer('holidays', { holidays: [{ date: holiday, name: 'Closure' }] }),
      answer('reportsData', { reports: [] }),
    );
    renderInApp(<ReportList data={{}} />);
    const preview = within(await screen.findByRole('form', { name: 'New report' })).getByTestId('next-runs');
    await waitFor(() => expect(preview.textContent).toContain(formatInZone(moved as number, zone)));
    expect(preview.textContent).not.toContain(formatInZone(plain as number, zone));
  });

  it('mails a scheduled report to the members picked and the addresses typed, each once, in the language chosen, and lists them', async () => {
    const calls = useApi(
      ...formReads,
      answer('reportsData', { reports: [] }),
      answer('reportCreate', (request) => ({
        report: { ...monthly, title: request.title, lastRun: null, recipients: request.recipients ?? [] },
      })),
    );
    renderInApp(<ReportList data={{}} />);
    const form = await screen.findByRole('form', { name: 'New report' });
    // A member, picked from the organisation's, and addresses typed.
    const priya = responseExamples.getUsers[0].users[1];
    const pickMember = within(form).getByRole('combobox', { name: 'Add a member' });
    await waitFor(() => expect(pickMember.querySelectorAll('option')).toHaveLength(3));
    fireEvent.change(pickMember, { target: { value: priya?.id } });
    expect(
      await within(form).findByRole('button', { name: `Take ${priya?.name} <${priya?.email}> off` }),
    ).toBeTruthy();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Mail it to' }), {
      target: { value: 'board@example.com, direction@example.fr;  Board@Example.com ' },
    });
    const attach = within(form).getByRole<HTMLInputElement>('checkbox', {
      name: 'Attach the PDF to the mail as well as its link',
    });
    fireEvent.click(attach);
    // The box's own state, not the input's: a click ticks the input at once, the form's state a render later.
    await waitFor(() => expect(attach.closest('[data-state]')?.getAttribute('data-state')).toBe('checked'));
    fireEvent.click(within(form).getByRole('button', { name: 'Create report' }));
    await waitFor(() => expect(callsTo(calls, 'reportCreate')).toHaveLength(1));
    expect(callsTo(calls, 'reportCreate')[0]?.request.attachPdf).toBe(true);
    expect(callsTo(calls, 'reportCreate')[0]?.request.recipients).toEqual([
      { kind: 'member', userId: priya?.id, locale: 'en-US' },
      { kind: 'address', email: 'Board@Example.com', locale: 'en-US' },
      { kind: 'address', email: 'direction@example.fr', locale: 'en-US' },
    ]);
  });

  it('says who a scheduled report is mailed to, members by their address, with the language of each', async () => {
    useApi(
      ...formReads,
      answer('reportsData', {
        reports: [
          {
            ...monthly,
            recipients: [
              {
                kind: 'member',
                userId: '5b0e8c1e-8f0a-4d3c-9a57-1f2e3d4c5b6a',
                email: 'ann@head.office',
                locale: 'fr-FR',
              },
              { kind: 'address', email: 'board@example.com', locale: 'en-US' },
            ],
          },
        ],
      }),
    );
    renderInApp(<ReportList data={{}} />);
    const item = await screen.findByRole('listitem', { name: 'Head Office, monthly energy' });
    expect(within(item).getByTestId('recipients').textContent).toBe(
      'Mailed to ann@head.office (Français), board@example.com (English)',
    );
  });

  it("changes a report's schedule and mail from the list: a recipient taken off, an address added, the PDF attached", async () => {
    const member = {
      kind: 'member',
      userId: '5b0e8c1e-8f0a-4d3c-9a57-1f2e3d4c5b6a',
      email: 'ann@head.office',
      locale: 'fr-FR',
    } as const;
    const board = { kind: 'address', email: 'board@example.com', locale: 'en-US' } as const;
    // The schedule's keys in the order the server's database answers them.
    const withRecipients: Report = {
      ...monthly,
      schedule: { at: '07:00', every: 'month', on: { workingDay: 1 } },
      recipients: [member, board],
    };
    const document = { schemaVersion: 2, id: 'reports/monthly', title: 'Monthly', rows: [] };
    const calls = useApi(
      ...formReads,
      answer('reportsData', { reports: [withRecipients] }),
      answer('report', { report: withRecipients, document, runs: [] }),
      answer('reportUpdate', (request) => ({
        report: { ...withRecipients, revision: 2, attachPdf: request.attachPdf },
        document: request.document,
      })),
    );
    renderInApp(<ReportList data={{}} />);
    const item = await screen.findByRole('listitem', { name: 'Head Office, monthly energy' });
    fireEvent.click(within(item).getByRole('button', { name: 'Schedule and mail' }));
    const form = await within(item).findByRole('form', {
      name: 'Schedule and mail of Head Office, monthly energy',
    });
    // Its schedule is the monthly one offered, not offered twice.
    const sent = within(form).getByRole<HTMLSelectElement>('combobox', { name: 'Sent' });
    expect([...sent.options].map((option) => option.value)).toEqual(['none', 'monthly', 'weekly', 'daily']);
    expect(sent.value).toBe('monthly');
    fireEvent.click(within(form).getByRole('button', { name: 'Take board@example.com (English) off' }));
    fireEvent.change(within(form).getByRole('textbox', { name: 'Mail it to' }), {
      target: { value: 'site@example.cn' },
    });
    fireEvent.change(within(form).getByRole('combobox', { name: 'In' }), { target: { value: 'zh-CN' } });
    const attach = within(form).getByRole<HTMLInputElement>('checkbox', {
      name: 'Attach the PDF to the mail as well as its link',
    });
    fireEvent.click(attach);
    // The box's own state, not the input's: a click ticks the input at once, the form's state a render later.
    await waitFor(() => expect(attach.closest('[data-state]')?.getAttribute('data-state')).toBe('checked'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'reportUpdate')).toHaveLength(1));
    expect(callsTo(calls, 'reportUpdate')[0]?.request).toEqual({
      id: 2,
      baseRevision: 1,
      title: 'Head Office, monthly energy',
      document,
      scope: monthly.scope,
      period: monthly.period,
      timeZone: 'Europe/London',
      paper: { size: 'A4', landscape: false },
      schedule: monthly.schedule,
      recipients: [
        { kind: 'member', userId: member.userId, locale: 'fr-FR' },
        { kind: 'address', email: 'site@example.cn', locale: 'zh-CN' },
      ],
      attachPdf: true,
    });
    await waitFor(() => expect(within(item).queryByRole('form')).toBeNull());
  });

  it('lets a viewer read and open reports, but not make, delete, edit or start one', async () => {
    signInToSession({ role: 'viewer' });
    useApi(...formReads, answer('reportsData', { reports: [monthly] }));
    renderInApp(<ReportList data={{}} />);
    await screen.findByRole('listitem', { name: 'Head Office, monthly energy' });
    expect(screen.getByRole('button', { name: 'Open PDF (3 pages)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Make now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit layout' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Schedule and mail' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'New report' })).toBeNull();
  });
});
