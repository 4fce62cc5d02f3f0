import { Alert, Button, Checkbox, Field, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportNotListed, useFollowedImport, useStartImport } from '../../src/data/imports';
import type {
  DataImportResponse,
  GetDataImportResponse,
  MeterfilesResponse,
} from '../../src/generated/api-types';
import { ErrorAlert } from '../../src/ui/error-alert';
import { formatCount } from '../shared/format';
import { ProblemList } from '../shared/problem-list';
import { SmartLink } from '../shared/smart-link';
import { failureMessage } from './fields';
import { ImportProgressBar } from './import-progress-bar';
import type { ImportMapping } from './mapping';

type ImportRecord = DataImportResponse;

/** Step 4: start the import, follow its progress, show how it ended. */
export function ImportStep({
  upload,
  mapping,
  dryRun,
  historyHref,
  onBack,
  onRestart,
}: {
  upload: MeterfilesResponse;
  mapping: ImportMapping;
  dryRun: GetDataImportResponse;
  historyHref: string;
  onBack: () => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation('meter-import');
  const { t: sharedText } = useTranslation('shared');
  const [skipBadRows, setSkipBadRows] = useState(false);
  const starting = useStartImport();
  const followed = useFollowedImport(starting.data);
  const record = followed.data;
  const failure = starting.error ? failureMessage(starting.error, t) : undefined;
  // Said once asking again has ended: "Check again" takes the warning away while it asks.
  const pollFailure = followed.isError && !followed.isFetching ? followFailure(followed.error, t) : undefined;
  const hasProblems = dryRun.problemsTotal > 0;

  const start = () => starting.mutate({ fileId: upload.fileId, mapping, skipBadRows });

  const finished = record !== undefined && record.status !== 'running';

  if (!record) {
    return (
      <Stack gap="5">
        <Text>
          {t(dryRun.dataPoints.length > 0 ? 'importStep.introInto' : 'importStep.intro', {
            count: dryRun.rowsValid,
            number: formatCount(dryRun.rowsValid),
            fileName: upload.fileName,
            dataPoints: t('importStep.dataPoints', {
              count: dryRun.dataPoints.length,
              number: formatCount(dryRun.dataPoints.length),
            }),
          })}{' '}
          {t('importStep.replaces')}
        </Text>
        <Field.Root disabled={!hasProblems}>
          <Checkbox.Root
            checked={skipBadRows}
            disabled={!hasProblems}
            onCheckedChange={(details) => setSkipBadRows(details.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('importStep.skip')}</Checkbox.Label>
          </Checkbox.Root>
          <Field.HelperText>
            {hasProblems
              ? t('importStep.skipHelp', {
                  count: dryRun.rowsValid,
                  valid: formatCount(dryRun.rowsValid),
                  problems: sharedText('problems.summary', {
                    count: dryRun.problemsTotal,
                    number: formatCount(dryRun.problemsTotal),
                  }),
                })
              : t('importStep.noSkipNeeded')}
          </Field.HelperText>
        </Field.Root>
        <ErrorAlert message={failure} />
        <HStack justify="space-between">
          <Button variant="outline" onClick={onBack}>
            {t('importStep.back')}
          </Button>
          <Button onClick={start} loading={starting.isPending} loadingText={t('importStep.starting')}>
            {t('importStep.start')}
          </Button>
        </HStack>
      </Stack>
    );
  }

  return (
    <Stack gap="5">
      {record.status === 'running' ? (
        <ImportProgressBar record={record} />
      ) : (
        <Alert.Root status={record.status === 'done' ? 'success' : 'error'} role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{record.message ?? fallbackMessage(record, t)}</Alert.Title>
            <Alert.Description>{outcome(record, t)}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {pollFailure ? (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('importStep.progressFailed', { message: pollFailure })}</Alert.Title>
            <Alert.Description>{t('importStep.goesOn')}</Alert.Description>
          </Alert.Content>
          <Button size="xs" variant="outline" onClick={() => void followed.refetch()}>
            {t('importStep.checkAgain')}
          </Button>
        </Alert.Root>
      ) : null}
      {finished && record.problems.length > 0 ? (
        <ProblemList
          problems={record.problems}
          total={Math.max(record.problems.length, record.rowsSkipped)}
          label={t('importStep.problemsLabel')}
        />
      ) : null}
      <HStack justify="space-between" wrap="wrap">
        <HistoryLink href={historyHref} />
        {finished ? (
          <Button variant="outline" onClick={onRestart}>
            {t('importStep.another')}
          </Button>
        ) : null}
      </HStack>
    </Stack>
  );
}

/** Why following the import failed: the server lists no such import, or the ask itself failed. */
function followFailure(error: Error, t: TFunction): string {
  return error instanceof ImportNotListed ? t('importStep.notListed') : failureMessage(error, t);
}

function HistoryLink({ href }: { href: string }) {
  const { t } = useTranslation('meter-import');
  const text = t('importStep.history');
  return href.startsWith('#') ? (
    <Link href={href} colorPalette="brand">
      {text}
    </Link>
  ) : (
    <SmartLink href={href} colorPalette="brand">
      {text}
    </SmartLink>
  );
}

/** "2 rows imported, 1 row skipped.": what a finished import stored and left out. */
function outcome(record: ImportRecord, t: TFunction): string {
  const imported = { count: record.rowsImported, number: formatCount(record.rowsImported) };
  if (record.rowsSkipped === 0) return t('importStep.imported', imported);
  const skipped = t('importStep.skipped', {
    count: record.rowsSkipped,
    number: formatCount(record.rowsSkipped),
  });
  return t('importStep.importedSkipped', { ...imported, skipped });
}

/** How an import ended, for a record the server sent without a message of its own. */
function fallbackMessage(record: ImportRecord, t: TFunction): string {
  const fileName = record.fileName;
  if (record.status === 'done') {
    return t('importStep.done', {
      count: record.rowsImported,
      number: formatCount(record.rowsImported),
      fileName,
    });
  }
  if (record.status === 'interrupted') return t('importStep.interrupted', { fileName });
  return t('importStep.failed', { fileName });
}
