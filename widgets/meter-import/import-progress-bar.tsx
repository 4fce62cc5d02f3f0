import { HStack, Progress, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { DataImportResponse } from '../../src/generated/api-types';
import { formatCount } from '../shared/format';

/**
 * A running import: the share done, and the rows read so far, of the file's
 * rows once they are counted, else with the share of the file read (a CSV
 * file's rows are counted only at its end; the server says which by rowsTotal).
 */
export function ImportProgressBar({ record }: { record: DataImportResponse }) {
  const { t } = useTranslation('meter-import');
  const percent = Math.round(record.progress * 100);
  const read = record.rowsRead ?? 0;
  const rows =
    read === 0
      ? t('progress.starting')
      : record.rowsTotal > 0
        ? t('progress.rowsOf', { read: formatCount(read), total: formatCount(record.rowsTotal) })
        : t('progress.rowsSoFar', { read: formatCount(read), percent });
  const label = t('progress.label', { fileName: record.fileName });
  return (
    <Progress.Root value={percent} max={100} colorPalette="brand" aria-label={label}>
      <HStack justify="space-between" mb="2">
        <Progress.Label>{label}</Progress.Label>
        <Progress.ValueText>{percent} %</Progress.ValueText>
      </HStack>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
      <Text mt="2" fontSize="sm" color="fg.muted" aria-live="polite" data-testid="import-rows">
        {rows}
      </Text>
    </Progress.Root>
  );
}
