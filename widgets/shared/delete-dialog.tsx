import { Button, Dialog, List, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { type DeleteTarget, type Deletion, useDelete, useDeletionPreview } from '../../src/data/deletion';
import { ErrorAlert } from '../../src/ui/error-alert';
import { formatCount } from './format';

/**
 * Asks before deleting a place or a data point, saying first what goes with
 * it (the server's dry run): places under it, data points, readings. While a
 * formula elsewhere reads one of them, it says which and offers no delete.
 */
export function DeleteDialog({
  target,
  onDeleted,
  onClose,
}: {
  target: DeleteTarget;
  onDeleted: (deletion: Deletion) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('shared');
  const preview = useDeletionPreview(target);
  const remove = useDelete();
  const deletion = preview.data;
  const problem = remove.error?.message ?? preview.error?.message;
  const confirm = () => remove.mutate(target, { onSuccess: onDeleted });

  const blocked = (deletion?.usedBy.length ?? 0) > 0;
  return (
    <Dialog.Root open role="alertdialog" onOpenChange={(details) => !details.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                {deletion ? t('delete.title', { name: deletion.name }) : t('delete.checking')}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                {deletion ? <WhatGoes deletion={deletion} /> : problem ? null : <Skeleton height="12" />}
                <ErrorAlert message={problem} />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('delete.cancel')}
              </Button>
              {deletion && !blocked ? (
                <Button colorPalette="red" onClick={confirm} loading={remove.isPending}>
                  {t('delete.confirm', { name: deletion.name })}
                </Button>
              ) : null}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function WhatGoes({ deletion }: { deletion: Deletion }) {
  const { t } = useTranslation('shared');
  if (deletion.usedBy.length > 0) {
    return (
      <Stack gap="2" role="status">
        <Text>{t('delete.blocked', { count: deletion.usedBy.length, name: deletion.name })}</Text>
        <List.Root ps="5">
          {deletion.usedBy.map((point) => (
            <List.Item key={point.id}>{point.name}</List.Item>
          ))}
        </List.Root>
      </Stack>
    );
  }
  return (
    <Stack gap="2">
      <List.Root ps="5">
        {deletion.entities > 1 ? (
          <List.Item>
            {t('delete.places', { count: deletion.entities - 1, number: formatCount(deletion.entities - 1) })}
          </List.Item>
        ) : null}
        <List.Item>
          {t('delete.dataPoints', { count: deletion.dataPoints, number: formatCount(deletion.dataPoints) })}
        </List.Item>
        <List.Item>
          {t('delete.readings', { count: deletion.readings, number: formatCount(deletion.readings) })}
        </List.Item>
      </List.Root>
      <Text fontWeight="semibold">{t('delete.final')}</Text>
    </Stack>
  );
}
