import type { TFunction } from 'i18next';
import type { Report, ReportPaper, ReportPeriod, ReportSchedule } from '../../src/generated/api-types';
import { cachedFormat } from '../../src/i18n/app-locale';
import { LOCALE_NAMES } from '../../src/i18n/i18n';

/** "Last month", "1 Oct 2026 – 31 Oct 2026": what a report covers. `t` reads the widget's strings. */
export function periodWords(t: TFunction, period: ReportPeriod): string {
  if (period.kind === 'custom') return t('period.custom', { from: period.from, to: period.to });
  return t(`period.${period.kind}`);
}

/** "A4, portrait": the paper a report is printed on. */
export function paperWords(t: TFunction, paper: ReportPaper): string {
  return t(paper.landscape ? 'paper.landscape' : 'paper.portrait', { size: t(`paper.${paper.size}`) });
}

/** When a report is sent, in its time zone, and its next run; or why its schedule stopped; or that it has none. */
export function scheduleWords(
  t: TFunction,
  report: Pick<Report, 'schedule' | 'timeZone' | 'nextRunAt' | 'scheduleError'>,
): string {
  if (!report.schedule) return t('schedule.none');
  if (report.scheduleError) return report.scheduleError;
  const when = `${everyWords(t, report.schedule)} (${report.timeZone})`;
  return report.nextRunAt
    ? t('schedule.next', { when, next: formatInZone(Date.parse(report.nextRunAt), report.timeZone) })
    : when;
}

export function everyWords(t: TFunction, schedule: ReportSchedule): string {
  if (schedule.every === 'day') {
    return t(schedule.workingDaysOnly ? 'schedule.workingDays' : 'schedule.daily', { at: schedule.at });
  }
  if (schedule.every === 'week') {
    return t('schedule.weekly', { at: schedule.at, weekday: t(`weekday.${schedule.weekday}`) });
  }
  const on = schedule.on;
  if ('workingDay' in on) return t('schedule.monthlyWorkingDay', { at: schedule.at, count: on.workingDay });
  if ('lastDay' in on) return t('schedule.monthlyLastDay', { at: schedule.at });
  return t('schedule.monthlyDay', { at: schedule.at, day: on.day });
}

/** A moment as the clocks of `timeZone` show it, the zone the schedule names its times in. */
export function formatInZone(at: number, timeZone: string): string {
  return cachedFormat(
    `zoned ${timeZone}`,
    (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }),
  ).format(at);
}

/** A recipient as the list names them: their address, and the language their PDF is printed in. */
export function recipientWords(recipient: Report['recipients'][number]): string {
  const who = recipient.kind === 'address' ? recipient.email : (recipient.email ?? recipient.userId);
  return `${who} (${LOCALE_NAMES[recipient.locale]})`;
}
