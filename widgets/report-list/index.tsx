import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useCan } from '../../src/auth/use-can';
import { useDeleteReport, useReports, useRunReport } from '../../src/data/reports';
import type { WidgetProps } from '../../src/engine/widget-types';
import type { Report } from '../../src/generated/api-types';
import { productLocale } from '../../src/i18n/app-locale';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { notify } from '../../src/ui/toaster';
import { EmptyNotice } from '../shared/empty-notice';
import { NewReportForm } from './new-report-form';
import { ReportSettings } from './report-settings';
import { paperWords, periodWords, recipientWords, scheduleWords } from './report-words';
import { RunHistory } from './run-history';
import { RunLine } from './run-line';

/**
 * The organisation's reports: what each covers, when it is sent, its latest
 * run (with its progress while it is made) and its history; make one now,
 * open its PDF, or start a new one from a template. Editors and up make and
 * schedule reports; every member reads them and opens their PDFs.
 */
export default function ReportList({ data }: WidgetProps<'report-list'>) {
  const { t } = useTranslation('report-list');
  const canCreate = useCan('reportCreate');
  const state = fromQuery(useReports());
  return (
    <Stack gap="5">
      <Heading as="h2" size="md">
        {data.heading ?? t('heading')}
      </Heading>
      {canCreate ? <NewReportForm /> : null}
      <DataState state={state} what={t('what')}>
        {({ reports }) =>
          reports.length === 0 ? (
            <EmptyNotice
              title={t('empty.title')}
              description={t(canCreate ? 'empty.editor' : 'empty.viewer')}
            />
          ) : (
            <Stack gap="3" as="ul" listStyleType="none">
              {reports.map((report) => (
                <ReportItem key={report.id} report={report} />
              ))}
            </Stack>
          )
        }
      </DataState>
    </Stack>
  );
}

function ReportItem({ report }: { report: Report }) {
  const { t } = useTranslation('report-list');
  const canMake = useCan('pdfGenerate');
  const canDelete = useCan('reportDelete');
  const canEdit = useCan('reportUpdate');
  const runNow = useRunReport();
  const remove = useDeleteReport();
  const [history, setHistory] = useState(false);
  const [settings, setSettings] = useState(false);
  const make = () =>
    runNow.mutate(
      { reportId: report.id, locale: productLocale() },
      {
        onSuccess: (answer) => notify.success(t(answer.alreadyQueued ? 'run.already' : 'run.queued')),
        onError: (error) => notify.warning(error.message),
      },
    );
  const drop = () => {
    if (!window.confirm(t('deleteQuestion', { title: report.title }))) return;
    remove.mutate({ id: report.id }, { onError: (error) => notify.warning(error.message) });
  };
  return (
    <Stack as="li" gap="2" borderWidth="1px" borderRadius="md" padding="3" aria-label={report.title}>
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontWeight="semibold">{report.title}</Text>
        <HStack gap="2" wrap="wrap">
          {canMake ? (
            <Button size="xs" onClick={make} loading={runNow.isPending}>
              {t('run.now')}
            </Button>
          ) : null}
          <Button asChild size="xs" variant="outline">
            {/* The page the renderer prints, for the period as it stands now. */}
            <a href={`/print/report/${report.id}`} target="_blank" rel="noopener">
              {t('preview')}
            </a>
          </Button>
          {canEdit ? (
            <Button asChild size="xs" variant="outline">
              <RouterLink to={`/reports/${report.id}/edit`}>{t('editLayout')}</RouterLink>
            </Button>
          ) : null}
          {canEdit ? (
            <Button
              size="xs"
              variant="outline"
              onClick={() => setSettings((shown) => !shown)}
              aria-expanded={settings}
            >
              {t('settings.open')}
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="outline"
            onClick={() => setHistory((shown) => !shown)}
            aria-expanded={history}
          >
            {t(history ? 'history.hide' : 'history.show')}
          </Button>
          {canDelete ? (
            <Button size="xs" variant="ghost" colorPalette="red" onClick={drop} loading={remove.isPending}>
              {t('delete')}
            </Button>
          ) : null}
        </HStack>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {periodWords(t, report.period)} · {paperWords(t, report.paper)} · {scheduleWords(t, report)}
      </Text>
      {report.schedule ? (
        <Text fontSize="sm" color="fg.muted" data-testid="recipients">
          {report.recipients.length === 0
            ? t('recipients.none')
            : t(report.attachPdf ? 'recipients.someAttached' : 'recipients.some', {
                who: report.recipients.map(recipientWords).join(', '),
              })}
        </Text>
      ) : null}
      {settings ? <ReportSettings report={report} onClose={() => setSettings(false)} /> : null}
      {report.lastRun ? <RunLine run={report.lastRun} /> : <Text fontSize="sm">{t('run.none')}</Text>}
      {history ? <RunHistory reportId={report.id} /> : null}
    </Stack>
  );
}
