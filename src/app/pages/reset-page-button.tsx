import { Button, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../auth/use-can';
import { useScreenMutation } from '../../data/screen-mutation';
import { PAGE_LIST_READ, STORED_PAGE_READ } from '../../data/stored-pages';
import { api } from '../../generated/api-client';
import type { PageSummary } from '../../generated/api-types';
import { useStoredPageTitle } from '../../i18n/page-text';
import { notify } from '../../ui/toaster';

/** The dialog comes with its own chunk, when someone asks to reset: pages that only show need none of it. */
const ConfirmDialog = lazy(async () => ({
  default: (await import('../../ui/confirm-dialog')).ConfirmDialog,
}));

/**
 * Resets a page that started from a template to that template, as a new
 * revision, after asking: offered to editors and up, for pages with a
 * template. The revisions before stay in the history.
 */
export function ResetPageButton({ page }: { page: PageSummary }) {
  const { t } = useTranslation();
  const titleOf = useStoredPageTitle();
  const canReset = useCan('dashboardReset');
  const [asking, setAsking] = useState(false);
  // The page shown takes the new revision where it stands once it is read again.
  const { mutateAsync: resetPage } = useScreenMutation(api.dashboardReset, [
    STORED_PAGE_READ,
    PAGE_LIST_READ,
  ]);
  if (!canReset || page.template === null) return null;
  const template = page.template;
  const title = titleOf(page);

  const reset = async () => {
    const done = await resetPage({ id: page.id, baseRevision: page.revision });
    notify.success(t('storedPage.resetDone', { title, revision: done.page.revision }));
    setAsking(false);
  };

  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setAsking(true)}>
        {t('storedPage.reset')}
      </Button>
      {asking ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={t('storedPage.resetTitle', { title })}
            confirmLabel={t('storedPage.resetConfirm')}
            cancelLabel={t('storedPage.cancel')}
            onConfirm={reset}
            onClose={() => setAsking(false)}
          >
            <Text>
              {t('storedPage.resetExplain', {
                template: t(`pages.${template}.title`, { defaultValue: template }),
                next: page.revision + 1,
              })}
            </Text>
          </ConfirmDialog>
        </Suspense>
      ) : null}
    </>
  );
}
