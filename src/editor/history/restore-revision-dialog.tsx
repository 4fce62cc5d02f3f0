import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../api/api-failure';
import { useScreenMutation } from '../../data/screen-mutation';
import { PAGE_LIST_READ, STORED_PAGE_READ } from '../../data/stored-pages';
import { api } from '../../generated/api-client';
import type { DashboardRestoreResponse } from '../../generated/api-types';
import { ConfirmDialog } from '../../ui/confirm-dialog';

interface RestoreRevisionDialogProps {
  pageId: number;
  revision: number;
  /** The newest revision the person was shown: the server refuses the restore if another came since. */
  baseRevision: number;
  onRestored: (restored: DashboardRestoreResponse) => void;
  /** The server answered that the page moved on (409): the history shown is out of date. */
  onOutdated: () => void;
  onClose: () => void;
}

/**
 * Asks before restoring, saying that a new revision is made and nothing is
 * lost; on failure it shows the server's words and stays open.
 */
export function RestoreRevisionDialog({
  pageId,
  revision,
  baseRevision,
  onRestored,
  onOutdated,
  onClose,
}: RestoreRevisionDialogProps) {
  const { t } = useTranslation('editor-history');
  // The history is asked for by the newest revision the editor knows, so the one made here asks it again unnamed.
  const { mutateAsync: restore } = useScreenMutation(api.dashboardRestore, [
    STORED_PAGE_READ,
    PAGE_LIST_READ,
  ]);
  return (
    <ConfirmDialog
      title={t('restore.title', { revision })}
      confirmLabel={t('restore.confirm', { revision })}
      cancelLabel={t('restore.cancel')}
      onConfirm={async () => onRestored(await restore({ id: pageId, revision, baseRevision }))}
      onFailed={(error) => error instanceof ApiFailure && error.status === 409 && onOutdated()}
      onClose={onClose}
    >
      <Text>{t('restore.explain', { next: baseRevision + 1 })}</Text>
    </ConfirmDialog>
  );
}
