import { Box, Button, Field, Grid, Heading, HStack, Text, Textarea } from '@chakra-ui/react';
import { type ChangeEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LayoutView } from '../../engine/render/layout-view';
import { MAX_LAYOUT_BYTES } from '../../engine/validation/parse';
import { loadLayoutFile } from '../../layouts/layout-files';
import { usePageTitle } from '../page-title';

/** Re-render after typing pauses for this long, not on every key. */
const RENDER_DELAY_MS = 300;

/**
 * Edit a layout document as JSON and see it rendered beside it, with every
 * issue pointed out on screen. Nothing is saved.
 */
export function PlaygroundPage() {
  const { t } = useTranslation();
  usePageTitle(t('playground.title'));
  const [text, setText] = useState('');
  const [fileError, setFileError] = useState<string>();
  const renderedText = useDebounced(text, RENDER_DELAY_MS);
  const source = useMemo(() => ({ text: renderedText }), [renderedText]);

  useEffect(() => {
    loadLayoutFile('demo/overview')?.then((document) =>
      setText((current) => current || JSON.stringify(document, null, 2)),
    );
  }, []);

  const openFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_LAYOUT_BYTES) {
      setFileError(
        `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; a layout may be at most 2 MB.`,
      );
      return;
    }
    setFileError(undefined);
    setText(await file.text());
  };

  // Text over the limit never reaches the editor: the browser would lay out every megabyte of it
  // (seconds of a frozen tab) only for the layout to be refused. What was there stays.
  const edit = (value: string) => {
    const bytes = value.length > MAX_LAYOUT_BYTES / 4 ? new Blob([value]).size : value.length;
    if (bytes > MAX_LAYOUT_BYTES) {
      setFileError(
        `The pasted text is ${(bytes / 1024 / 1024).toFixed(1)} MB; a layout may be at most 2 MB. The editor keeps what it had.`,
      );
      return;
    }
    setFileError(undefined);
    setText(value);
  };

  return (
    <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 5fr) minmax(0, 7fr)' }} gap="6" alignItems="start">
      <Box position={{ xl: 'sticky' }} top="4">
        <HStack justify="space-between" mb="2">
          <Heading as="h1" size="lg">
            {t('playground.title')}
          </Heading>
          <Button asChild size="xs" variant="outline">
            <label>
              {t('playground.openFile')}
              <input type="file" accept=".json,application/json" hidden onChange={openFile} />
            </label>
          </Button>
        </HStack>
        {fileError ? (
          <Text color="fg.error" role="alert" mb="2">
            {fileError}
          </Text>
        ) : null}
        <Field.Root>
          <Field.Label>{t('playground.document')}</Field.Label>
          <Textarea
            value={text}
            onChange={(event) => edit(event.target.value)}
            fontFamily="mono"
            fontSize="xs"
            spellCheck={false}
            minH={{ base: '60', xl: '80vh' }}
            data-testid="layout-editor"
          />
          <Field.HelperText>{t('playground.help')}</Field.HelperText>
        </Field.Root>
      </Box>
      <Box minW="0">
        {renderedText ? <LayoutView source={source} origin={t('layout.inTheEditor')} /> : null}
      </Box>
    </Grid>
  );
}

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
