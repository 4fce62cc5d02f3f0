import { Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LayoutEditor } from '../../editor/layout-editor';
import { loadLayoutFile } from '../../layouts/layout-files';
import { usePageTitle } from '../../shell/page-title';

/**
 * /playground: the layout editor on a scratch document, the demo overview to start from. Nothing is stored on
 * the server; the draft stays on this device, and Export gives the document as a file.
 */
export function PlaygroundPage() {
  const { t } = useTranslation();
  usePageTitle(t('playground.title'));
  const [start, setStart] = useState<unknown>();
  useEffect(() => {
    loadLayoutFile('demo/overview')?.then(setStart);
  }, []);
  return (
    <Stack gap="3">
      <Heading as="h1" size="lg">
        {t('playground.title')}
      </Heading>
      <Text color="fg.muted">{t('playground.help')}</Text>
      {start === undefined ? (
        <Skeleton height="64" aria-busy="true" />
      ) : (
        <LayoutEditor draftScope="playground" saved={{ document: start, revision: null }} />
      )}
    </Stack>
  );
}
