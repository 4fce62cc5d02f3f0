import { Alert, Button, Skeleton, Stack } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router-dom';
import { isNotFound } from '../../api/api-failure';
import { useCan } from '../../auth/use-can';
import { LayoutEditor, type SavePage } from '../../editor/layout-editor';
import type { SavedPage } from '../../editor/use-editor-session';
import { api } from '../../generated/api-client';
import { sessionAtom } from '../../session/session-atoms';
import { useAddressName } from '../../ui/address-names';
import { usePageTitle } from '../page-title';

type Loading =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed'; message: string }
  | { status: 'loaded'; page: SavedPage; title: string };

/** /dashboards/:pageId/edit: the layout editor on one of the organisation's stored pages, for editors and up. */
export function EditStoredPage() {
  const pageId = Number(useParams().pageId);
  const { t } = useTranslation();
  const canEdit = useCan('dashboardUpdate');
  const session = useAtomValue(sessionAtom);
  const organisationId = session.status === 'authorised' ? session.user.organisationId : null;
  const loading = useStoredRevision(pageId);
  usePageTitle(loading.status === 'loaded' ? t('editor.pageTitle', { title: loading.title }) : undefined);
  useAddressName(`/dashboards/${pageId}`, loading.status === 'loaded' ? loading.title : undefined);

  const save = useCallback<SavePage>(
    async ({ document, baseRevision, message }) => {
      const saved = await api.dashboardUpdate({
        id: pageId,
        document: document as Record<string, unknown>,
        baseRevision,
        ...(message ? { message } : {}),
      });
      return { document: saved.document, revision: saved.page.revision };
    },
    [pageId],
  );

  if (!canEdit) {
    return (
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Title>{t('editor.viewOnly')}</Alert.Title>
        <Button asChild size="sm" variant="outline" ms="auto">
          <Link to={`/dashboards/${pageId}`}>{t('editor.backToPage')}</Link>
        </Button>
      </Alert.Root>
    );
  }
  if (loading.status === 'missing') return <Navigate to="/auth/404" replace />;
  if (loading.status === 'failed') {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>
          {t('layout.pageNotLoaded', { path: `dashboard ${pageId}`, message: loading.message })}
        </Alert.Title>
      </Alert.Root>
    );
  }
  if (loading.status === 'loading') {
    return (
      <Stack gap="4" aria-busy="true">
        <Skeleton height="8" width="60%" />
        <Skeleton height="64" />
      </Stack>
    );
  }
  return (
    <LayoutEditor
      key={pageId}
      draftScope={`page:${organisationId ?? 'none'}:${pageId}`}
      saved={loading.page}
      save={save}
      pageId={pageId}
      viewPath={`/dashboards/${pageId}`}
    />
  );
}

function useStoredRevision(pageId: number): Loading {
  const [loading, setLoading] = useState<Loading>({ status: 'loading' });
  useEffect(() => {
    if (!Number.isInteger(pageId) || pageId < 1) {
      setLoading({ status: 'missing' });
      return;
    }
    let current = true;
    api.dashboardGet({ id: pageId }).then(
      ({ page, document }) =>
        current &&
        setLoading({ status: 'loaded', page: { document, revision: page.revision }, title: page.title }),
      (error: Error) =>
        current &&
        setLoading(isNotFound(error) ? { status: 'missing' } : { status: 'failed', message: error.message }),
    );
    return () => {
      current = false;
    };
  }, [pageId]);
  return loading;
}
