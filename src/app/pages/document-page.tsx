import { Alert, Skeleton, Stack } from '@chakra-ui/react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { LayoutView } from '../../engine/render/layout-view';
import type { LoadedLayout } from '../../engine/validation/check-layout';
import { usePageText } from '../../i18n/page-text';
import type { PageDocumentState } from '../../layouts/use-page-document';
import { usePageTitle } from '../../shell/page-title';

interface DocumentPageProps {
  /** The document as it loads, from a file of layouts/ or from the organisation's stored pages. */
  state: PageDocumentState;
  /** Where the document comes from, for its error card and, for a file, its failure message. */
  origin: string;
  /** What a failed load names, for a document that is not a file ("This dashboard"). */
  what?: string;
  showHeading?: boolean;
}

/**
 * A page document rendered with the page's title in the tab: a skeleton
 * while it loads, the 404 page when it does not exist, and a message when it
 * cannot be loaded.
 */
export function DocumentPage({ state, origin, what, showHeading = true }: DocumentPageProps) {
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
  const source = useMemo(
    () => (state.status === 'loaded' ? { document: state.document } : undefined),
    [state],
  );

  if (state.status === 'missing') return <Navigate to="/auth/404" replace />;
  if (state.status === 'failed') {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>
          {what
            ? t('errors.couldNotLoad', { what, message: state.message })
            : t('layout.pageNotLoaded', { path: origin, message: state.message })}
        </Alert.Title>
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
  return <LayoutView source={source} origin={origin} onLoaded={onLoaded} showHeading={showHeading} />;
}
