import { Alert, Button, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../auth/use-can';
import { useScreenMutation } from '../../data/screen-mutation';
import { PAGE_LIST_READ } from '../../data/stored-pages';
import { api } from '../../generated/api-client';
import type { PageSummary } from '../../generated/api-types';
import { HOME_TEMPLATE, templatePageOf } from '../../layouts/template-page';
import { usePageList } from '../../layouts/use-page-list';
import { DataState } from '../../ui/data-state';
import { notify } from '../../ui/toaster';
import { LayoutPage } from './layout-page';
import { StoredPageView } from './stored-page';

/** Where a page opens: the organisation's dashboards at their template's address, any other at its own. */
function hrefIn(pages: readonly PageSummary[]) {
  return (page: PageSummary) => {
    const template = page.template;
    const atTemplate = template !== null && templatePageOf(pages, template)?.id === page.id;
    return atTemplate ? `/${template}` : `/dashboards/${page.id}`;
  };
}

/**
 * /dashboard and /dashboard/<name>: the organisation's own page from that
 * template, as it keeps and edits it. An organisation that deleted it sees
 * the built-in template with its data, and editors can take it back.
 */
export function OrganisationDashboardPage({ template }: { template: string }) {
  const { t } = useTranslation();
  const list = usePageList();
  return (
    <DataState state={list} what={t('storedPage.what')}>
      {({ pages, templates }) => {
        const page = templatePageOf(pages, template);
        const title = templates.find((candidate) => candidate.path === template)?.title ?? template;
        return page ? (
          <StoredPageView key={page.id} pageId={page.id} pages={pages} hrefOf={hrefIn(pages)} />
        ) : (
          <TemplateOnly template={template} title={title} pages={pages} />
        );
      }}
    </DataState>
  );
}

interface TemplateOnlyProps {
  template: string;
  /** The template's own title, which the new page takes. */
  title: string;
  pages: readonly PageSummary[];
}

/** The built-in template, said to be one, with a way for editors to make it the organisation's page again. */
function TemplateOnly({ template, title, pages }: TemplateOnlyProps) {
  const { t } = useTranslation();
  const canCreate = useCan('dashboardCreate');
  // Once the list is read again with the new page in it, the page takes this notice's place.
  const addPage = useScreenMutation(api.dashboardCreate, [PAGE_LIST_READ]);

  const add = () => {
    const home = template === HOME_TEMPLATE ? undefined : templatePageOf(pages, HOME_TEMPLATE);
    addPage.mutate(
      { title, template, ...(home ? { parentId: home.id } : {}) },
      { onError: (error) => notify.warning(error.message) },
    );
  };

  return (
    <Stack gap="4">
      <Alert.Root status="info" data-testid="template-only">
        <Alert.Indicator />
        <Alert.Content gap="2">
          <Alert.Title>{t('storedPage.templateOnly.title')}</Alert.Title>
          <Alert.Description>{t('storedPage.templateOnly.description')}</Alert.Description>
          {canCreate ? (
            <Button
              size="sm"
              colorPalette="brand"
              loading={addPage.isPending}
              onClick={add}
              alignSelf="flex-start"
            >
              {t('storedPage.templateOnly.add')}
            </Button>
          ) : null}
        </Alert.Content>
      </Alert.Root>
      <LayoutPage path={template} />
    </Stack>
  );
}
