import { Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { GetChartDataByS3Request } from '../../src/generated/api-types';
import { formatCount, formatValue } from '../shared/format';
import { useExportFile } from './data';

type Format = NonNullable<GetChartDataByS3Request['format']>;
export type SeriesQuery = Omit<GetChartDataByS3Request, 'format'>;

/** CSV and XLSX of what the chart shows (every bucket, nothing reduced), offered as a download link. */
export function ExportButtons({ query }: { query: SeriesQuery | null }) {
  const { t } = useTranslation('data-explorer');
  const exporting = useExportFile(t);
  const run = (format: Format) => {
    if (query) exporting.mutate({ ...query, format });
  };
  const running = exporting.isPending ? exporting.variables.format : null;
  const file = exporting.data;
  return (
    <Stack gap="1" as="section" aria-label={t('export.label')}>
      <HStack gap="2" wrap="wrap">
        {(['csv', 'xlsx'] as const).map((format) => (
          <Button
            key={format}
            size="xs"
            variant="outline"
            disabled={!query || (running !== null && running !== format)}
            loading={running === format}
            onClick={() => run(format)}
          >
            {t('export.button', { format: format.toUpperCase() })}
          </Button>
        ))}
        {file ? (
          <Text fontSize="sm">
            <Link href={file.url} download={file.fileName} target="_blank" rel="noopener">
              {t('export.download', { fileName: file.fileName })}
            </Link>{' '}
            <Text as="span" color="fg.muted">
              {t('export.details', {
                count: file.rows,
                rows: formatCount(file.rows),
                size: fileSize(file.bytes, t),
              })}
            </Text>
          </Text>
        ) : null}
      </HStack>
      {exporting.error ? (
        <Text fontSize="sm" color="fg.error" role="alert">
          {t('export.failed', { message: exporting.error.message })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** "2 kB", "1.5 MB", "512 bytes", with the units of the chosen language ("Ko", "МБ"). */
function fileSize(bytes: number, t: TFunction): string {
  if (bytes >= 1_048_576)
    return t('export.megabytes', { size: formatValue(bytes / 1_048_576, undefined, 1) });
  if (bytes >= 1024) return t('export.kilobytes', { size: formatValue(bytes / 1024, undefined, 0) });
  return t('export.bytes', { count: bytes, size: formatCount(bytes) });
}
