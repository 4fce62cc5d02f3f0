import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { settingsOf, useReport, useUpdateReport } from '../../src/data/reports';
import type { Report, ReportGetResponse, ReportRecipient } from '../../src/generated/api-types';
import { productLocale } from '../../src/i18n/app-locale';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { notify } from '../../src/ui/toaster';
import { type MailChoice, MailFields, NO_MAIL } from './mail-fields';
import { NextRunsPreview } from './next-runs-preview';
import { PaperAndScheduleFields } from './paper-schedule-fields';
import {
  CURRENT_SCHEDULE,
  chosenRecipients,
  PAPERS,
  paperName,
  SCHEDULES,
  scheduleName,
} from './report-choices';
import { recipientWords } from './report-words';

/**
 * A report's paper, schedule and mail, changed from the list: its recipients
 * each to take off, addresses to add, the PDF attached or not. Saved over the
 * revision read, as the layout editor saves its layout; someone else's save
 * first is said, nothing lost.
 */
export function ReportSettings({ report, onClose }: { report: Report; onClose: () => void }) {
  const { t } = useTranslation('report-list');
  const state = fromQuery(useReport(report.id));
  return (
    <DataState state={state} what={t('settings.what')}>
      {(opened) => <SettingsForm opened={opened} onClose={onClose} />}
    </DataState>
  );
}

function SettingsForm({ opened, onClose }: { opened: ReportGetResponse; onClose: () => void }) {
  const { t } = useTranslation('report-list');
  const { report } = opened;
  const update = useUpdateReport();
  const [paperChoice, setPaperChoice] = useState(paperName(report.paper));
  const [scheduleChoice, setScheduleChoice] = useState(scheduleName(report.schedule));
  const [kept, setKept] = useState<ReportRecipient[]>(report.recipients);
  const [mail, setMail] = useState<MailChoice>({
    ...NO_MAIL,
    language: productLocale(),
    attachPdf: report.attachPdf,
  });
  const schedule =
    scheduleChoice === CURRENT_SCHEDULE ? report.schedule : (SCHEDULES[scheduleChoice] ?? null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const settings = settingsOf({ ...opened, report: { ...report, recipients: kept } });
    update.mutate(
      {
        ...settings,
        paper: PAPERS[paperChoice] ?? report.paper,
        schedule,
        recipients: schedule ? [...settings.recipients, ...chosenRecipients(mail)] : [],
        attachPdf: schedule !== null && mail.attachPdf,
        document: opened.document,
        baseRevision: report.revision,
      },
      {
        onSuccess: () => {
          notify.success(t('settings.saved', { title: report.title }));
          onClose();
        },
        onError: (error) => notify.warning(error.message),
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label={t('settings.label', { title: report.title })}>
      <Stack gap="3" borderWidth="1px" borderRadius="md" padding="3">
        <HStack gap="3" wrap="wrap" align="end">
          <PaperAndScheduleFields
            paper={paperChoice}
            onPaper={setPaperChoice}
            schedule={scheduleChoice}
            onSchedule={setScheduleChoice}
            current={report.schedule}
          />
        </HStack>
        {schedule ? (
          <Stack gap="1" as="ul" listStyleType="none" aria-label={t('settings.recipients')}>
            {kept.length === 0 ? <Text fontSize="sm">{t('settings.nobody')}</Text> : null}
            {kept.map((recipient, index) => (
              <HStack as="li" key={recipient.kind === 'member' ? recipient.userId : recipient.email} gap="2">
                <Text fontSize="sm">{recipientWords(recipient)}</Text>
                <Button
                  size="2xs"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={t('settings.remove', { who: recipientWords(recipient) })}
                  onClick={() => setKept(kept.filter((_, at) => at !== index))}
                >
                  {t('settings.removeShort')}
                </Button>
              </HStack>
            ))}
          </Stack>
        ) : null}
        <MailFields
          scheduled={schedule !== null}
          value={mail}
          onChange={setMail}
          taken={kept.flatMap((recipient) => (recipient.kind === 'member' ? [recipient.userId] : []))}
        />
        <NextRunsPreview schedule={schedule} timeZone={report.timeZone} />
        <HStack gap="2">
          <Button type="submit" size="sm" loading={update.isPending}>
            {t('settings.save')}
          </Button>
          <Button size="sm" variant="ghost" onClick={onClose}>
            {t('settings.cancel')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
