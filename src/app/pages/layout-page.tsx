import { Alert, Skeleton, Stack } from '@chakra-ui/react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { LayoutView } from '../../engine/render/layout-view';
import type { LoadedLayout } from '../../engine/validation/check-layout';
import { usePageText } from '../../i18n/page-text';
import { useLayoutFile } from '../../layouts/use-layout-file';
import { usePageTitle } from '../page-title';

/** A page whose document is layouts/<path>.json: the given path, or the route's "*" remainder. */
export function LayoutPage({ path, showHeading = true }: { path?: string; showHeading?: boolean }) {
  const params = useParams();
  const layoutPath = path ?? params['*'] ?? '';
  const file = useLayoutFile(layoutPath);
  const [heading, setHeading] = useState<{ pageId: unknown; title: string | undefined }>();
  const pageText = usePageText();
  const { t } = useTranslation();
  usePageTitle(pageText(heading?.pageId, 'title', heading?.title));
  const onLoaded = useCallback((loaded: LoadedLayout) => {
    const document = loaded.document as { id?: unknown; title?: unknown } | undefined;
    setHeading({
      pageId: document?.id,
      title: typeof document?.title === 'string' ? document.title : undefined,
    });
  }, []);
  const source = useMemo(() => (file.status === 'loaded' ? { document: file.document } : undefined), [file]);

  if (file.status === 'missing') return <Navigate to="/auth/404" replace />;
  if (file.status === 'failed') {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{t('layout.pageNotLoaded', { path: layoutPath, message: file.message })}</Alert.Title>
      </Alert.Root>
    );
  }
  if (!source) {
    return (
      <Stack gap="4" aria-busy="true">
        <Skeleton height="8" width="40%" />
        <Skeleton height="48" />
      </Stack>
    );
  }
  return (
    <LayoutView
      source={source}
      origin={`layouts/${layoutPath}.json`}
      onLoaded={onLoaded}
      showHeading={showHeading}
    />
  );
}
