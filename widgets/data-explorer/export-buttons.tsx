import { Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../src/generated/api-client';
import type { GetChartDataByS3Request, GetChartDataByS3Response } from '../../src/generated/api-types';
import { formatCount, formatValue } from '../shared/format';

type Format = NonNullable<GetChartDataByS3Request['format']>;
export type SeriesQuery = Omit<GetChartDataByS3Request, 'format'>;

type ExportState =
  | { status: 'idle' }
  | { status: 'running'; format: Format }
  | { status: 'done'; file: GetChartDataByS3Response }
  | { status: 'failed'; message: string };

/** CSV and XLSX of what the chart shows (every bucket, nothing reduced), offered as a download link. */
export function ExportButtons({ query }: { query: SeriesQuery | null }) {
  const { t } = useTranslation('data-explorer');
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  const run = async (format: Format) => {
    if (!query) return;
    setState({ status: 'running', format });
    try {
      const file = await api.getChartDataByS3({ ...query, format });
      if (!file || typeof file.url !== 'string') throw new Error(t('export.noFile'));
      setState({ status: 'done', file });
    } catch (error) {
      setState({ status: 'failed', message: (error as Error).message });
    }
  };
  const running = state.status === 'running' ? state.format : null;
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
        {state.status === 'done' ? (
          <Text fontSize="sm">
            <Link href={state.file.url} download={state.file.fileName} target="_blank" rel="noopener">
              {t('export.download', { fileName: state.file.fileName })}
            </Link>{' '}
            <Text as="span" color="fg.muted">
              {t('export.details', {
                count: state.file.rows,
                rows: formatCount(state.file.rows),
                size: fileSize(state.file.bytes, t),
              })}
            </Text>
          </Text>
        ) : null}
      </HStack>
      {state.status === 'failed' ? (
        <Text fontSize="sm" color="fg.error" role="alert">
          {t('export.failed', { message: state.message })}
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
