import { Alert, Button, Checkbox, Field, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImportsChanged } from '../../src/data/imports';
import { api } from '../../src/generated/api-client';
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

/**
 * How often a running import is asked for its progress. Each ask may wait
 * this long on the server, which answers the moment the import ends: the bar
 * moves about this often, and the outcome shows as soon as there is one.
 */
export const FOLLOW_MS = 300;

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
  const [starting, setStarting] = useState(false);
  const [record, setRecord] = useState<ImportRecord>();
  const [failure, setFailure] = useState<string>();
  const [pollFailure, setPollFailure] = useState<string>();
  const importsChanged = useImportsChanged();
  const hasProblems = dryRun.problemsTotal > 0;

  const start = async () => {
    setFailure(undefined);
    setStarting(true);
    try {
      const started = await api.dataImport({ fileId: upload.fileId, mapping, skipBadRows });
      setRecord(started);
      importsChanged.started();
    } catch (error) {
      setFailure(failureMessage(error, t));
    } finally {
      setStarting(false);
    }
  };

  // Follows a running import until it is done, failed or interrupted.
  useEffect(() => {
    if (record?.status !== 'running' || pollFailure) return;
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const asked = Date.now();
    api
      .getUserDataImport({ importId: record.id, waitMs: FOLLOW_MS })
      .then(({ imports: [latest] }) => {
        if (!current) return;
        if (!latest) {
          setPollFailure(t('importStep.notListed'));
          return;
        }
        // Answered early while still running (an import that has only just started is not waited for yet):
        // not asked again at once.
        const rest = latest.status === 'running' ? Math.max(0, FOLLOW_MS - (Date.now() - asked)) : 0;
        timer = setTimeout(() => setRecord(latest), rest);
      })
      .catch((error: unknown) => {
        if (current) setPollFailure(failureMessage(error, t));
      });
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [record, pollFailure, t]);

  const finished = record !== undefined && record.status !== 'running';
  useEffect(() => {
    if (finished) importsChanged.ended();
  }, [finished, importsChanged]);

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
          <Button onClick={start} loading={starting} loadingText={t('importStep.starting')}>
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
          <Button size="xs" variant="outline" onClick={() => setPollFailure(undefined)}>
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
