import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useScreenQuery } from '../../data/screen-query';
import { DataState, fromQuery } from '../../ui/data-state';
import { DocumentDiffView } from './document-diff-view';
import type { RevisionDocument } from './use-revision-documents';

interface RevisionCompareDialogProps {
  older: number;
  newer: number;
  load: (revision: number) => Promise<RevisionDocument>;
  onClose: () => void;
}

/** The difference between two revisions of a page, older to newer, in a dialog. */
export function RevisionCompareDialog({ older, newer, load, onClose }: RevisionCompareDialogProps) {
  const { t } = useTranslation('editor-history');
  const state = fromQuery(
    useScreenQuery('revision-pair', () => Promise.all([load(older), load(newer)]), `${older} ${newer}`),
  );
  return (
    <Dialog.Root
      open
      size="xl"
      scrollBehavior="inside"
      onOpenChange={(details) => !details.open && onClose()}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('compare.title', { older, newer })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <DataState state={state} what={t('load.revisions')}>
                {([before, after]) => (
                  <DocumentDiffView
                    before={before.document}
                    after={after.document}
                    beforeLabel={t('history.revision', { revision: older })}
                    afterLabel={t('history.revision', { revision: newer })}
                  />
                )}
              </DataState>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('compare.close')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
