import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ReportPeriod } from '../../src/reports/report-period';
import { nextRunAfter, type ReportSchedule } from '../../src/reports/report-schedule';
import { bareOrganisation } from '../db/bare-organisation.test-helper';
import type { DatabaseHandle } from '../db/database';
import { describeEachEngine, openTestDatabase } from '../db/test-database';
import { queueDueReports } from './queue-due-reports';
import { saveHolidays } from './working-calendar';

describeEachEngine('scheduled reports on %s', (engine) => {
  let handle: DatabaseHandle;
  let organisationId: number;

  beforeAll(async () => {
    handle = await openTestDatabase(engine);
    ({ organisationId } = await bareOrganisation(handle.db, 'Reports Ltd'));
  });
  afterAll(async () => handle?.close());

  /** A report on `schedule`, its first run the first after `from`, as saving it will set. */
  async function scheduledReport(
    schedule: ReportSchedule | null,
    {
      period = { kind: 'lastMonth' },
      timeZone = 'Europe/London',
      from = '2000-01-01T00:00:00Z',
      organisation = organisationId,
    } = {} as {
      period?: ReportPeriod;
      timeZone?: string;
      from?: string;
      organisation?: number;
    },
  ): Promise<number> {
    const nextRun = schedule ? new Date(nextRunAfter(schedule, Date.parse(from), timeZone)) : null;
    const { id } = await handle.db
      .insertInto('reports')
      .values({
        organisation_id: organisation,
        title: 'Monthly energy',
        document: JSON.stringify({ rows: [] }),
        scope: JSON.stringify({ kind: 'sites', siteIds: [1] }),
        period: JSON.stringify(period),
        time_zone: timeZone,
        schedule: schedule ? JSON.stringify(schedule) : null,
        next_run_at: nextRun,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  const runsOf = async (reportId: number) =>
    (
      await handle.db
        .selectFrom('report_runs')
        .select(['status', 'scheduled_for', 'period_from', 'period_to'])
        .where('report_id', '=', reportId)
        .orderBy('scheduled_for')
        .execute()
    ).map((run) => ({
      status: run.status,
      scheduledFor: run.scheduled_for?.toISOString(),
      period: `${run.period_from.toISOString()} – ${run.period_to.toISOString()}`,
    }));

  const report = (id: number) =>
    handle.db
      .selectFrom('reports')
      .select(['next_run_at', 'schedule_error'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  const at = (iso: string) => new Date(iso);

  it('queues "the 31st" on each month\'s last day, once, with the month before as its period', async () => {
    const id = await scheduledReport(
      { every: 'month', on: { day: 31 }, at: '07:00' },
      { from: '2028-01-15T00:00:00Z' },
    );
    // A minute before it is due, nothing; then the run, and asked again in the same minute, no second one.
    await queueDueReports(handle.db, at('2028-01-31T06:59:00Z'));
    expect(await runsOf(id)).toEqual([]);
    await queueDueReports(handle.db, at('2028-01-31T07:00:20Z'));
    await queueDueReports(handle.db, at('2028-01-31T07:00:40Z'));
    await queueDueReports(handle.db, at('2028-02-29T07:00:10Z'));
    // British Summer Time from 26 March: 07:00 is 06:00 UTC, and the period February's 29 days.
    await queueDueReports(handle.db, at('2028-03-31T06:00:10Z'));
    expect(await runsOf(id)).toEqual([
      {
        status: 'queued',
        scheduledFor: '2028-01-31T07:00:00.000Z',
        period: '2027-12-01T00:00:00.000Z – 2028-01-01T00:00:00.000Z',
      },
      {
        status: 'queued',
        scheduledFor: '2028-02-29T07:00:00.000Z',
        period: '2028-01-01T00:00:00.000Z – 2028-02-01T00:00:00.000Z',
      },
      {
        status: 'queued',
        scheduledFor: '2028-03-31T06:00:00.000Z',
        period: '2028-02-01T00:00:00.000Z – 2028-03-01T00:00:00.000Z',
      },
    ]);
    expect((await report(id)).next_run_at?.toISOString()).toBe('2028-04-30T06:00:00.000Z');
  });

  it('runs once after an outage, for the latest run missed, across the spring change', async () => {
    const id = await scheduledReport(
      { every: 'day', at: '07:00' },
      { period: { kind: 'yesterday' }, timeZone: 'Europe/Berlin', from: '2027-03-25T12:00:00Z' },
    );
    // Down from the 26th to the 30th: one run, the 30th's, reporting on the 29th; the next on the 31st.
    await queueDueReports(handle.db, at('2027-03-30T12:00:00Z'));
    expect(await runsOf(id)).toEqual([
      {
        status: 'queued',
        scheduledFor: '2027-03-30T05:00:00.000Z',
        period: '2027-03-28T22:00:00.000Z – 2027-03-29T22:00:00.000Z',
      },
    ]);
    expect((await report(id)).next_run_at?.toISOString()).toBe('2027-03-31T05:00:00.000Z');
  });

  it('queues a run once when two processes look at the same minute', async () => {
    const id = await scheduledReport(
      { every: 'week', weekday: 1, at: '08:00' },
      { from: '2027-11-01T00:00:00Z' },
    );
    const allRuns = async () =>
      Number(
        (
          await handle.db
            .selectFrom('report_runs')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await allRuns();
    const results = await Promise.all([
      queueDueReports(handle.db, at('2027-11-01T08:00:30Z')),
      queueDueReports(handle.db, at('2027-11-01T08:00:30Z')),
    ]);
    // Each run either counted is there, and this report's is there once (the earlier tests' reports are due too).
    expect(results.reduce((sum, result) => sum + result.queued, 0)).toBe((await allRuns()) - before);
    expect(await runsOf(id)).toHaveLength(1);
  });

  it('stops a schedule it cannot work out, saying why, and queues the others due beside it', async () => {
    const good = await scheduledReport({ every: 'day', at: '06:00' }, { from: '2029-05-01T00:00:00Z' });
    const broken = await scheduledReport({ every: 'day', at: '06:00' }, { from: '2029-05-01T00:00:00Z' });
    // As if the platform's time zone data no longer knew the zone it was saved with.
    await handle.db
      .updateTable('reports')
      .set({ time_zone: 'Mars/Olympus' })
      .where('id', '=', broken)
      .execute();
    const result = await queueDueReports(handle.db, at('2029-05-01T06:00:30Z'));
    expect(result.stopped).toBe(1);
    expect(await runsOf(good)).toHaveLength(1);
    expect(await runsOf(broken)).toEqual([]);
    expect(await report(broken)).toEqual({
      next_run_at: null,
      schedule_error:
        'The schedule stopped: "Mars/Olympus" is not a known time zone. Use an IANA name such as Europe/London.',
    });
    // Stopped, it is not looked at again.
    expect((await queueDueReports(handle.db, at('2029-05-02T06:00:30Z'))).stopped).toBe(0);
  });

  it("sends 'the first working day' after the organisation's holidays, and follows them when they change", async () => {
    // A calendar of its own, so moving its reports' next runs leaves the other tests' alone.
    const { organisationId: holidayMaker } = await bareOrganisation(handle.db, 'Holidays Ltd');
    const now = at('2026-12-15T12:00:00Z');
    const id = await scheduledReport(
      { every: 'month', on: { workingDay: 1 }, at: '07:00' },
      { from: now.toISOString(), organisation: holidayMaker },
    );
    // 1 January 2027 is a Friday: without holidays it is the month's first working day.
    expect((await report(id)).next_run_at?.toISOString()).toBe('2027-01-01T07:00:00.000Z');

    // New Year's Day off: the next run moves at once to Monday 4 January, past the weekend.
    const saved = await saveHolidays(
      handle.db,
      holidayMaker,
      [
        { date: '2027-01-01', name: "New Year's Day" },
        { date: '2026-12-25', name: 'Christmas Day' },
        { date: '2027-02-01', name: 'Closure' },
      ],
      now,
    );
    expect(saved).toEqual({
      holidays: [
        { date: '2026-12-25', name: 'Christmas Day' },
        { date: '2027-01-01', name: "New Year's Day" },
        { date: '2027-02-01', name: 'Closure' },
      ],
      rescheduled: 1,
    });
    expect((await report(id)).next_run_at?.toISOString()).toBe('2027-01-04T07:00:00.000Z');

    // Queued then, it reports on December, and the next is February's first working day: the 1st is closed, so the 2nd.
    await queueDueReports(handle.db, at('2027-01-01T07:00:30Z'));
    expect(await runsOf(id)).toEqual([]);
    await queueDueReports(handle.db, at('2027-01-04T07:00:30Z'));
    expect(await runsOf(id)).toEqual([
      {
        status: 'queued',
        scheduledFor: '2027-01-04T07:00:00.000Z',
        period: '2026-12-01T00:00:00.000Z – 2027-01-01T00:00:00.000Z',
      },
    ]);
    expect((await report(id)).next_run_at?.toISOString()).toBe('2027-02-02T07:00:00.000Z');

    // A date twice is refused, nothing kept; the closure taken off, the run comes back to the 1st.
    const february = at('2027-01-20T00:00:00Z');
    await expect(
      saveHolidays(
        handle.db,
        holidayMaker,
        [
          { date: '2027-02-03', name: 'Closure' },
          { date: '2027-02-03', name: 'Again' },
        ],
        february,
      ),
    ).rejects.toMatchObject({ status: 400, issues: [{ pointer: '/holidays/1/date' }] });
    expect((await saveHolidays(handle.db, holidayMaker, [], february)).rescheduled).toBe(1);
    expect((await report(id)).next_run_at?.toISOString()).toBe('2027-02-01T07:00:00.000Z');
  });

  it('never queues a report without a schedule', async () => {
    const id = await scheduledReport(null);
    await queueDueReports(handle.db, at('2035-01-01T00:00:00Z'));
    expect(await runsOf(id)).toEqual([]);
  });
});
