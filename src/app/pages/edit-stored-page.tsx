import { Alert, Skeleton, Stack } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { useCan } from '../../auth/use-can';
import { useScreenMutation } from '../../data/screen-mutation';
import { PAGE_LIST_READ, STORED_PAGE_READ } from '../../data/stored-pages';
import { LayoutEditor, type SavePage } from '../../editor/layout-editor';
import { api } from '../../generated/api-client';
import { useStoredPage } from '../../layouts/use-stored-page';
import { sessionAtom } from '../../session/session-atoms';
import { usePageTitle } from '../../shell/page-title';
import { useAddressName } from '../../ui/address-names';
import { ViewOnlyNotice } from './view-only-notice';

/** /dashboards/:pageId/edit: the layout editor on one of the organisation's stored pages, for editors and up. */
export function EditStoredPage() {
  const pageId = Number(useParams().pageId);
  const { t } = useTranslation();
  const canEdit = useCan('dashboardUpdate');
  const session = useAtomValue(sessionAtom);
  const organisationId = session.status === 'authorised' ? session.user.organisationId : null;
  const loading = useStoredPage(pageId);
  const title = loading.status === 'loaded' ? loading.page?.title : undefined;
  usePageTitle(title === undefined ? undefined : t('editor.pageTitle', { title }));
  useAddressName(`/dashboards/${pageId}`, title);

  // The history the editor shows is asked for by the revision it holds, so a save asks it again unnamed here.
  const { mutateAsync: update } = useScreenMutation(api.dashboardUpdate, [STORED_PAGE_READ, PAGE_LIST_READ]);
  const save = useCallback<SavePage>(
    async ({ document, baseRevision, message }) => {
      const saved = await update({
        id: pageId,
        document: document as Record<string, unknown>,
        baseRevision,
        ...(message ? { message } : {}),
      });
      return { document: saved.document, revision: saved.page.revision };
    },
    [pageId, update],
  );

  if (!canEdit) return <ViewOnlyNotice backTo={`/dashboards/${pageId}`} backLabel={t('editor.backToPage')} />;
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
  if (loading.status === 'loading' || !loading.page) {
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
      saved={{ document: loading.document, revision: loading.page.revision }}
      save={save}
      pageId={pageId}
      viewPath={`/dashboards/${pageId}`}
    />
  );
}
