import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { GetDataImportResponse, MeterfilesResponse } from '../../src/generated/api-types';
import { ErrorAlert } from '../../src/ui/error-alert';
import { formatCount } from '../shared/format';
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
  const { t } = useTranslation('meter-import');
  const { errors, setErrors, running, failure, points, columns, rows, set, setHasHeader, dryRun } =
    useMappingStep({ upload, draft, onChange, onDryRun });
  const dataPoints = points.status === 'loaded' ? points.data.dataPoints : [];
  const fields = { draft, errors, set, columns, rows };

  return (
    <form onSubmit={dryRun} aria-label={t('steps.mapping')} noValidate>
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
        <ErrorAlert message={failure} />
        <HStack justify="space-between">
          <Button variant="outline" onClick={onBack}>
            {t('mapping.back')}
          </Button>
          <Button type="submit" loading={running} loadingText={t('mapping.checking')}>
            {t('mapping.run')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

/** "readings.csv: 4 columns, separated by semicolons." above the guessed choices. */
function FileSummary({ upload }: { upload: MeterfilesResponse }) {
  const { t } = useTranslation('meter-import');
  const columns = {
    count: upload.headers.length,
    number: formatCount(upload.headers.length),
    fileName: upload.fileName,
  };
  return (
    <Text fontSize="sm" color="fg.muted">
      {upload.format === 'csv' && upload.delimiter
        ? t('mapping.summarySeparated', { ...columns, delimiter: delimiterName(upload.delimiter, t) })
        : t('mapping.summary', columns)}
    </Text>
  );
}

const DELIMITER_NAMES: Record<string, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'bar' };

function delimiterName(delimiter: string, t: TFunction): string {
  const name = DELIMITER_NAMES[delimiter];
  return name ? t(`mapping.delimiters.${name}`) : t('quoted', { text: delimiter });
}
