import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { GetDataImportResponse, MeterfilesResponse } from '../../src/generated/api-types';
import { DataPointFields } from './data-point-fields';
import { FileSample } from './file-sample';
import type { ImportMapping, MappingDraft } from './mapping';
import { MappingTemplates } from './mapping-templates';
import { TimeFields } from './time-fields';
import { useMappingStep } from './use-mapping-step';
import { ValueFields } from './value-fields';

/** Step 2: which column is what, read how; templates saved by name; then the dry run. */
export function MappingStep({
  upload,
  draft,
  onChange,
  onBack,
  onDryRun,
}: {
  upload: MeterfilesResponse;
  draft: MappingDraft;
  onChange: (draft: MappingDraft) => void;
  onBack: () => void;
  onDryRun: (result: GetDataImportResponse, mapping: ImportMapping) => void;
}) {
  const { errors, setErrors, running, failure, points, columns, rows, set, setHasHeader, dryRun } =
    useMappingStep({ upload, draft, onChange, onDryRun });
  const dataPoints = points.status === 'loaded' ? points.data.dataPoints : [];
  const fields = { draft, errors, set, columns, rows };

  return (
    <form onSubmit={dryRun} aria-label="Map the columns" noValidate>
      <Stack gap="6">
        <FileSummary upload={upload} />
        <MappingTemplates upload={upload} draft={draft} onApply={onChange} onInvalid={setErrors} />
        <FileSample
          fileName={upload.fileName}
          columns={columns}
          rows={rows}
          hasHeader={draft.hasHeader}
          onHasHeaderChange={setHasHeader}
        />
        <TimeFields {...fields} />
        <ValueFields {...fields} dataPoints={dataPoints} />
        <DataPointFields {...fields} points={points} />
        {failure ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        ) : null}
        <HStack justify="space-between">
          <Button variant="outline" onClick={onBack}>
            Choose another file
          </Button>
          <Button type="submit" loading={running} loadingText="Checking the file…">
            Run a dry run
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

/** "readings.csv: 4 columns, separated by semicolons." above the guessed choices. */
function FileSummary({ upload }: { upload: MeterfilesResponse }) {
  return (
    <Text fontSize="sm" color="fg.muted">
      {upload.fileName}: {upload.headers.length} columns
      {upload.format === 'csv' && upload.delimiter ? `, separated by ${delimiterName(upload.delimiter)}` : ''}
      . The choices below are guessed from the column names; check them.
    </Text>
  );
}

function delimiterName(delimiter: string): string {
  return (
    { ',': 'commas', ';': 'semicolons', '\t': 'tabs', '|': 'vertical bars' }[delimiter] ?? `“${delimiter}”`
  );
}
