import { Alert, Button, Checkbox, Field, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { api } from '../../src/generated/api-client';
import type {
  DataImportResponse,
  GetDataImportResponse,
  MeterfilesResponse,
} from '../../src/generated/api-types';
import { SmartLink } from '../shared/smart-link';
import { count } from './dry-run-step';
import { failureMessage } from './fields';
import { ImportProgressBar } from './import-progress-bar';
import { importsChangedAtom } from './imports-signal';
import type { ImportMapping } from './mapping';
import { ProblemList } from './problem-list';

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
  const [skipBadRows, setSkipBadRows] = useState(false);
  const [starting, setStarting] = useState(false);
  const [record, setRecord] = useState<ImportRecord>();
  const [failure, setFailure] = useState<string>();
  const [pollFailure, setPollFailure] = useState<string>();
  const importsChanged = useSetAtom(importsChangedAtom);
  const hasProblems = dryRun.problemsTotal > 0;

  const start = async () => {
    setFailure(undefined);
    setStarting(true);
    try {
      const started = await api.dataImport({ fileId: upload.fileId, mapping, skipBadRows });
      setRecord(started);
      importsChanged((value) => value + 1);
    } catch (error) {
      setFailure(failureMessage(error));
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
          setPollFailure('The import is no longer listed; see the import history.');
          return;
        }
        // Answered early while still running (an import that has only just started is not waited for yet):
        // not asked again at once.
        const rest = latest.status === 'running' ? Math.max(0, FOLLOW_MS - (Date.now() - asked)) : 0;
        timer = setTimeout(() => setRecord(latest), rest);
      })
      .catch((error: unknown) => {
        if (current) setPollFailure(failureMessage(error));
      });
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [record, pollFailure]);

  const finished = record !== undefined && record.status !== 'running';
  useEffect(() => {
    if (finished) importsChanged((value) => value + 1);
  }, [finished, importsChanged]);

  if (!record) {
    return (
      <Stack gap="5">
        <Text>
          Import {count(dryRun.rowsValid, 'reading')} from {upload.fileName}
          {dryRun.dataPoints.length > 0 ? ` into ${count(dryRun.dataPoints.length, 'data point')}` : ''}.
          Readings already stored for the same data point and time are replaced, never duplicated, so a
          corrected file can be imported again.
        </Text>
        <Field.Root disabled={!hasProblems}>
          <Checkbox.Root
            checked={skipBadRows}
            disabled={!hasProblems}
            onCheckedChange={(details) => setSkipBadRows(details.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Skip bad rows</Checkbox.Label>
          </Checkbox.Root>
          <Field.HelperText>
            {hasProblems
              ? `Without it nothing is stored while any row has a problem (${count(dryRun.problemsTotal, 'problem')} now). With it the ${dryRun.rowsValid.toLocaleString()} good rows are stored and the bad ones listed in the history.`
              : 'Not needed: the dry run found no problems, so every row will be imported.'}
          </Field.HelperText>
        </Field.Root>
        {failure ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        ) : null}
        <HStack justify="space-between">
          <Button variant="outline" onClick={onBack}>
            Back to the dry run
          </Button>
          <Button onClick={start} loading={starting} loadingText="Starting…">
            Start the import
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
            <Alert.Title>{record.message ?? fallbackMessage(record)}</Alert.Title>
            <Alert.Description>
              {count(record.rowsImported, 'row')} imported
              {record.rowsSkipped > 0 ? `, ${count(record.rowsSkipped, 'row')} skipped` : ''}.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {pollFailure ? (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The import's progress could not be read: {pollFailure}</Alert.Title>
            <Alert.Description>The import goes on in the background.</Alert.Description>
          </Alert.Content>
          <Button size="xs" variant="outline" onClick={() => setPollFailure(undefined)}>
            Check again
          </Button>
        </Alert.Root>
      ) : null}
      {finished && record.problems.length > 0 ? (
        <ProblemList
          problems={record.problems}
          total={Math.max(record.problems.length, record.rowsSkipped)}
          label="Problems in the import"
        />
      ) : null}
      <HStack justify="space-between" wrap="wrap">
        <HistoryLink href={historyHref} />
        {finished ? (
          <Button variant="outline" onClick={onRestart}>
            Import another file
          </Button>
        ) : null}
      </HStack>
    </Stack>
  );
}

function HistoryLink({ href }: { href: string }) {
  const text = 'See the import history';
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

function fallbackMessage(record: ImportRecord): string {
  if (record.status === 'done')
    return `Imported ${count(record.rowsImported, 'reading')} from ${record.fileName}.`;
  if (record.status === 'interrupted') return `The import of ${record.fileName} was interrupted.`;
  return `The import of ${record.fileName} failed.`;
}
