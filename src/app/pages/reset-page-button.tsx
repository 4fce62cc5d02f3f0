import { Button, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../auth/use-can';
import { api } from '../../generated/api-client';
import type { PageSummary } from '../../generated/api-types';
import { useStoredPageTitle } from '../../i18n/page-text';
import { notify } from '../../ui/toaster';

/** The dialog comes with its own chunk, when someone asks to reset: pages that only show need none of it. */
const ConfirmDialog = lazy(async () => ({
  default: (await import('../../ui/confirm-dialog')).ConfirmDialog,
}));

interface ResetPageButtonProps {
  page: PageSummary;
  onReset: () => void;
}

/**
 * Resets a page that started from a template to that template, as a new
 * revision, after asking: offered to editors and up, for pages with a
 * template. The revisions before stay in the history.
 */
export function ResetPageButton({ page, onReset }: ResetPageButtonProps) {
  const { t } = useTranslation();
  const titleOf = useStoredPageTitle();
  const canReset = useCan('dashboardReset');
  const [asking, setAsking] = useState(false);
  if (!canReset || page.template === null) return null;
  const template = page.template;
  const title = titleOf(page);

  const reset = async () => {
    const done = await api.dashboardReset({ id: page.id, baseRevision: page.revision });
    notify.success(t('storedPage.resetDone', { title, revision: done.page.revision }));
    setAsking(false);
    onReset();
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
