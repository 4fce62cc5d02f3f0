import { Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useHolidays } from '../../src/data/holidays';
import type { ReportSchedule } from '../../src/generated/api-types';
import { nextRuns } from '../../src/reports/report-schedule';
import { formatInZone } from './report-words';

/** How many of a schedule's next runs are shown, so a person sees when the first mails go. */
const RUNS_PREVIEWED = 3;

/**
 * A schedule's next runs in the report's zone, stepping over the
 * organisation's holidays (said when they cannot be read), before it is saved.
 */
export function NextRunsPreview({
  schedule,
  timeZone,
}: {
  schedule: ReportSchedule | null;
  timeZone: string;
}) {
  const { t } = useTranslation('report-list');
  // The organisation's holidays move runs on working days; until they are read, the preview goes without.
  const calendar = useHolidays();
  const holidays = calendar.data?.holidays;
  const upcoming = useMemo(
    () =>
      schedule
        ? nextRuns(schedule, Date.now(), timeZone, RUNS_PREVIEWED, {
            holidays: new Set(holidays?.map((holiday) => holiday.date)),
          })
        : [],
    [schedule, timeZone, holidays],
  );
  return (
    <>
      {calendar.isError ? (
        <Text fontSize="sm" color="fg.warning" role="alert">
          {t('form.holidaysUnread', { message: calendar.error.message })}
        </Text>
      ) : null}
      <Text fontSize="sm" color="fg.muted" data-testid="next-runs">
        {upcoming.length > 0
          ? t('form.nextRuns', {
              runs: upcoming.map((run) => formatInZone(run, timeZone)).join(', '),
              zone: timeZone,
            })
          : t('form.onDemand')}
      </Text>
    </>
  );
}
