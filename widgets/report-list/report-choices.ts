import type { TFunction } from 'i18next';
import { deepEqual } from '../../src/editor/document/apply-patch';
import type { ReportPaper, ReportRecipient, ReportSchedule } from '../../src/generated/api-types';
import type { Locale } from '../../src/i18n/i18n';
import type { Choice } from '../shared/choice-select';
import type { MailChoice } from './mail-fields';
import { everyWords, paperWords } from './report-words';

/** The papers offered: A4 and US Letter, either way round. */
export const PAPERS: Record<string, ReportPaper> = {
  'A4-portrait': { size: 'A4', landscape: false },
  'A4-landscape': { size: 'A4', landscape: true },
  'Letter-portrait': { size: 'Letter', landscape: false },
  'Letter-landscape': { size: 'Letter', landscape: true },
};

export const paperChoices = (t: TFunction): Choice<string>[] =>
  Object.entries(PAPERS).map(([name, paper]) => ({ value: name, label: paperWords(t, paper) }));

/** The name a paper is offered under. */
export function paperName(paper: ReportPaper): string {
  return `${paper.size}-${paper.landscape ? 'landscape' : 'portrait'}`;
}

/** The schedules offered at first; any other is a report's JSON away. */
export const SCHEDULES: Record<string, ReportSchedule | null> = {
  none: null,
  monthly: { every: 'month', on: { workingDay: 1 }, at: '07:00' },
  weekly: { every: 'week', weekday: 1, at: '07:00' },
  daily: { every: 'day', at: '07:00', workingDaysOnly: true },
};

/** The name of one of the schedules offered, or 'current' for a report's own that none of them is. */
export const CURRENT_SCHEDULE = 'current';

export function scheduleName(schedule: ReportSchedule | null): string {
  // Compared as values: the server answers a schedule's keys in the order its database keeps them.
  return (
    Object.entries(SCHEDULES).find(([, offered]) => deepEqual(offered, schedule))?.[0] ?? CURRENT_SCHEDULE
  );
}

/** The schedules offered, with a report's own first when it is none of them (made through the API, say). */
export function scheduleChoices(t: TFunction, current?: ReportSchedule | null): Choice<string>[] {
  const own =
    current && scheduleName(current) === CURRENT_SCHEDULE
      ? [{ value: CURRENT_SCHEDULE, label: everyWords(t, current) }]
      : [];
  return [
    ...own,
    ...Object.entries(SCHEDULES).map(([name, value]) => ({
      value: name,
      label: value ? everyWords(t, value) : t('schedule.none'),
    })),
  ];
}

/** The members picked and the addresses typed, as recipients reading the language chosen. */
export function chosenRecipients({ members, addresses, language }: MailChoice): ReportRecipient[] {
  return [
    ...members.map(({ userId }): ReportRecipient => ({ kind: 'member', userId, locale: language })),
    ...typedRecipients(addresses, language),
  ];
}

/** The addresses typed, each once, as recipients reading the language chosen; the server checks each is one. */
function typedRecipients(typed: string, locale: Locale): ReportRecipient[] {
  const addresses = typed
    .split(/[,;\s]+/)
    .map((address) => address.trim())
    .filter((address) => address !== '');
  const unique = [...new Map(addresses.map((address) => [address.toLowerCase(), address])).values()];
  return unique.map((email) => ({ kind: 'address', email, locale }));
}
