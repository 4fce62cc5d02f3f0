import { Badge, Button, HStack, Link, Progress, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useOpenPdf, useReportData } from '../../src/data/reports';
import type { ReportRun } from '../../src/generated/api-types';
import { notify } from '../../src/ui/toaster';
import { formatDate } from '../shared/format';

/** A run's status in words, its progress while it is made, why it failed, and its PDF and data once done. */
export function RunLine({ run }: { run: ReportRun }) {
  const { t } = useTranslation('report-list');
  const openPdf = useOpenPdf();
  const open = () =>
    openPdf.mutate(run.id, {
      onSuccess: (link) => window.open(link.url, '_blank', 'noopener'),
      onError: (error) => notify.warning(error.message),
    });
  const data = useReportData();
  const exportData = (format: 'csv' | 'xlsx') =>
    data.mutate({ runId: run.id, format }, { onError: (error) => notify.warning(error.message) });
  const when = formatDate(run.finishedAt ?? run.createdAt, true);
  return (
    <Stack gap="1" data-testid="report-run" data-status={run.status}>
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette={STATUS_PALETTE[run.status]}>{t(`status.${run.status}`)}</Badge>
        <Text fontSize="sm">{t('run.when', { when })}</Text>
        {run.status === 'done' ? (
          <Button size="xs" variant="outline" onClick={open} loading={openPdf.isPending}>
            {t('run.open', { count: run.pages ?? 1 })}
          </Button>
        ) : null}
        {run.status === 'done' ? (
          <HStack role="group" aria-label={t('run.data')} gap="1">
            {FORMATS.map((format) => (
              <Button
                key={format}
                size="xs"
                variant="ghost"
                onClick={() => exportData(format)}
                loading={data.isPending && data.variables?.format === format}
              >
                {t(`run.${format}`)}
              </Button>
            ))}
          </HStack>
        ) : null}
      </HStack>
      {data.data ? (
        <Link href={data.data.url} download={data.data.fileName} fontSize="sm">
          {t('run.download', { fileName: data.data.fileName })}
        </Link>
      ) : null}
      {run.status === 'running' || run.status === 'queued' ? (
        // Waiting for the renderer has no progress to show yet: the bar moves without a figure.
        <Progress.Root value={run.status === 'queued' ? null : run.progress} max={100} size="xs">
          <Progress.Track aria-label={t('run.progress')}>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      ) : null}
      {run.error ? (
        <Text fontSize="sm" color={run.status === 'failed' ? 'fg.error' : 'fg.muted'}>
          {run.error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The files the data behind a run comes as. */
const FORMATS = ['csv', 'xlsx'] as const;

const STATUS_PALETTE: Record<ReportRun['status'], string> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
};
