import { Button, HStack, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useCan } from '../../auth/use-can';
import type { PageSummary } from '../../generated/api-types';
import { usePageList } from '../../layouts/use-page-list';
import { useStoredPage } from '../../layouts/use-stored-page';
import { useAddressName } from '../../ui/address-names';
import { DocumentPage } from './document-page';
import { PageFamilyTabs } from './page-family-tabs';
import { ResetPageButton } from './reset-page-button';

/** /dashboards/:pageId: one of the organisation's stored pages. */
export function StoredPage() {
  const pageId = Number(useParams().pageId);
  const list = usePageList();
  const pages = list.status === 'loaded' ? list.data.pages : undefined;
  useAddressName(`/dashboards/${pageId}`, pages?.find((page) => page.id === pageId)?.title);
  return <StoredPageView pageId={pageId} pages={pages} />;
}

interface StoredPageViewProps {
  pageId: number;
  /** The organisation's pages, for the tabs of the page's dashboard; no tabs until they are known. */
  pages?: readonly PageSummary[];
  hrefOf?: (page: PageSummary) => string;
}

/**
 * A stored page's current revision with real data, the tabs of the dashboard
 * it belongs to above it; editors get Edit, and Reset when it started from a
 * template.
 */
export function StoredPageView({ pageId, pages, hrefOf }: StoredPageViewProps) {
  const state = useStoredPage(pageId);
  const canEdit = useCan('dashboardUpdate');
  const { t } = useTranslation();
  const summary = state.status === 'loaded' ? state.page : undefined;
  return (
    <Stack gap="2">
      {/* On a phone the actions take a line of their own above the tabs, which scroll sideways. */}
      <Stack
        direction={{ base: 'column-reverse', md: 'row' }}
        justify="space-between"
        align={{ base: 'stretch', md: 'start' }}
        gap="2"
      >
        {pages ? <PageFamilyTabs pages={pages} pageId={pageId} hrefOf={hrefOf} /> : <span />}
        {summary && canEdit ? (
          <HStack gap="2" flexShrink={0} justify="flex-end">
            <ResetPageButton page={summary} />
            <Button asChild size="sm" variant="outline" data-testid="edit-page">
              <Link to={`/dashboards/${pageId}/edit`}>{t('editor.edit')}</Link>
            </Button>
          </HStack>
        ) : null}
      </Stack>
      <DocumentPage state={state} origin={`dashboard ${pageId}`} what={t('storedPage.thisPage')} />
    </Stack>
  );
}
