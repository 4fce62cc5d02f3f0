import { Button, Dialog, List, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../src/generated/api-client';
import type { DeleteEntityResponse } from '../../src/generated/api-types';
import { ErrorAlert } from '../../src/ui/error-alert';
import { formatCount } from './format';

type Deletion = DeleteEntityResponse;

/** What is to be deleted: a place with everything under it, or one data point. */
export type DeleteTarget = { kind: 'entity'; id: number } | { kind: 'dataPoint'; id: number };

/** The server's answer for the target: with dryRun what would go, without it what went. */
function deleteCall({ kind, id }: DeleteTarget, dryRun: boolean): Promise<Deletion> {
  return kind === 'entity'
    ? api.deleteEntity({ entityId: id, ...(dryRun ? { dryRun } : {}) })
    : api.deleteDataPoint({ dataPointId: id, ...(dryRun ? { dryRun } : {}) });
}

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
  const [deletion, setDeletion] = useState<Deletion>();
  const [problem, setProblem] = useState<string>();
  const [deleting, setDeleting] = useState(false);
  const { kind, id } = target;
  useEffect(() => {
    deleteCall({ kind, id } as DeleteTarget, true).then(setDeletion, (error: Error) =>
      setProblem(error.message),
    );
  }, [kind, id]);

  const confirm = async () => {
    setDeleting(true);
    try {
      onDeleted(await deleteCall(target, false));
    } catch (error) {
      setProblem((error as Error).message);
      setDeleting(false);
    }
  };

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
                <Button colorPalette="red" onClick={confirm} loading={deleting}>
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
