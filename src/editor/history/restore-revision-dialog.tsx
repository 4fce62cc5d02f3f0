import { Alert, Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../api/api-failure';
import { api } from '../../generated/api-client';
import type { DashboardRestoreResponse } from '../../generated/api-types';

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
  const [restoring, setRestoring] = useState(false);
  const [problem, setProblem] = useState<string>();

  const restore = async () => {
    setRestoring(true);
    setProblem(undefined);
    try {
      onRestored(await api.dashboardRestore({ id: pageId, revision, baseRevision }));
    } catch (error) {
      setProblem((error as Error).message);
      setRestoring(false);
      if (error instanceof ApiFailure && error.status === 409) onOutdated();
    }
  };

  return (
    <Dialog.Root open role="alertdialog" onOpenChange={(details) => !details.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('restore.title', { revision })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body display="flex" flexDirection="column" gap="3">
              <Text>{t('restore.explain', { next: baseRevision + 1 })}</Text>
              {problem ? (
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Title>{problem}</Alert.Title>
                </Alert.Root>
              ) : null}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" disabled={restoring} onClick={onClose}>
                {t('restore.cancel')}
              </Button>
              <Button colorPalette="brand" loading={restoring} onClick={restore}>
                {t('restore.confirm', { revision })}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
