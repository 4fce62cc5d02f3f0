import { Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { api } from '../../src/generated/api-client';
import type { GetChartDataByS3Request, GetChartDataByS3Response } from '../../src/generated/api-types';
import { formatValue } from '../shared/format';

type Format = NonNullable<GetChartDataByS3Request['format']>;
export type SeriesQuery = Omit<GetChartDataByS3Request, 'format'>;

type ExportState =
  | { status: 'idle' }
  | { status: 'running'; format: Format }
  | { status: 'done'; file: GetChartDataByS3Response }
  | { status: 'failed'; message: string };

/** CSV and XLSX of what the chart shows (every bucket, nothing reduced), offered as a download link. */
export function ExportButtons({ query }: { query: SeriesQuery | null }) {
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  const run = async (format: Format) => {
    if (!query) return;
    setState({ status: 'running', format });
    try {
      const file = await api.getChartDataByS3({ ...query, format });
      if (!file || typeof file.url !== 'string') throw new Error('the server sent no file');
      setState({ status: 'done', file });
    } catch (error) {
      setState({ status: 'failed', message: (error as Error).message });
    }
  };
  const running = state.status === 'running' ? state.format : null;
  return (
    <Stack gap="1" as="section" aria-label="Export">
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
            Export {format.toUpperCase()}
          </Button>
        ))}
        {state.status === 'done' ? (
          <Text fontSize="sm">
            <Link href={state.file.url} download={state.file.fileName} target="_blank" rel="noopener">
              Download {state.file.fileName}
            </Link>{' '}
            <Text as="span" color="fg.muted">
              ({formatValue(state.file.rows)} rows, {fileSize(state.file.bytes)})
            </Text>
          </Text>
        ) : null}
      </HStack>
      {state.status === 'failed' ? (
        <Text fontSize="sm" color="fg.error" role="alert">
          The export failed: {state.message}
        </Text>
      ) : null}
    </Stack>
  );
}

function fileSize(bytes: number): string {
  if (bytes >= 1_048_576) return formatValue(bytes / 1_048_576, 'MB', 1);
  if (bytes >= 1024) return formatValue(bytes / 1024, 'kB', 0);
  return formatValue(bytes, 'bytes');
}
