import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { type DragEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeterfilesResponse } from '../../src/generated/api-types';
import { ErrorAlert } from '../../src/ui/error-alert';
import { useUploadMeterFile } from './data';
import { failureMessage } from './fields';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ACCEPTED_NAME = /\.(csv|tsv|txt|xlsx)$/i;
const ACCEPT = `.csv,.tsv,.txt,.xlsx,text/csv,${XLSX_TYPE}`;

/** Step 1: a CSV or XLSX file, dropped or chosen, uploaded as it is. */
export function FileStep({ onUploaded }: { onUploaded: (upload: MeterfilesResponse) => void }) {
  const { t } = useTranslation('meter-import');
  const input = useRef<HTMLInputElement>(null);
  const uploading = useUploadMeterFile();
  // A file refused before it is sent: not CSV or XLSX by its name.
  const [refused, setRefused] = useState<string>();
  const [dragging, setDragging] = useState(false);
  const error = refused ?? (uploading.error ? failureMessage(uploading.error, t) : undefined);
  const uploadingName = uploading.isPending ? uploading.variables.name : undefined;

  const upload = (file: File) => {
    uploading.reset();
    if (!ACCEPTED_NAME.test(file.name)) {
      setRefused(t('file.notAccepted', { fileName: file.name }));
      return;
    }
    setRefused(undefined);
    // The browser's type for a .csv varies (often empty or Excel's); the server reads the bytes either way.
    const type = /\.xlsx$/i.test(file.name) ? XLSX_TYPE : 'text/csv';
    uploading.mutate({ name: file.name, body: file.slice(0, file.size, type) }, { onSuccess: onUploaded });
  };

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !uploading.isPending) upload(file);
  };

  return (
    <Stack gap="4">
      <Box
        data-testid="dropzone"
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={dragging ? 'colorPalette.solid' : 'border'}
        bg={dragging ? 'colorPalette.subtle' : undefined}
        colorPalette="brand"
        borderRadius="md"
        px="6"
        py="10"
        textAlign="center"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <Stack gap="3" align="center">
          <Text fontWeight="medium">{t('file.drop')}</Text>
          <Text color="fg.muted" fontSize="sm">
            {t('file.or')}
          </Text>
          <Button
            onClick={() => input.current?.click()}
            loading={uploading.isPending}
            loadingText={t('file.uploading', { fileName: uploadingName ?? '' })}
          >
            {t('file.choose')}
          </Button>
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            aria-label={t('file.inputLabel')}
            hidden
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              // Choosing the same file again after fixing it must upload it again.
              event.currentTarget.value = '';
              if (file) upload(file);
            }}
          />
        </Stack>
      </Box>
      <ErrorAlert message={error} />
      <Text fontSize="sm" color="fg.muted">
        {t('file.help')}
      </Text>
    </Stack>
  );
}
