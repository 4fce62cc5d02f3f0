import { Button, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { SavedExplorer } from '../../src/generated/api-types';

/** Asks before deleting, as a saved view is shared by everyone in the organisation. */
export function DeleteViewConfirm({
  open,
  busy,
  onDelete,
  onCancel,
}: {
  open: SavedExplorer;
  busy: boolean;
  onDelete: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('data-explorer');
  return (
    <HStack gap="2">
      <Text fontSize="sm">{t('savedViews.confirmDelete', { name: open.name })}</Text>
      <Button size="xs" colorPalette="red" loading={busy} onClick={onDelete}>
        {t('savedViews.deleteNow')}
      </Button>
      <Button size="xs" variant="ghost" onClick={onCancel}>
        {t('savedViews.cancel')}
      </Button>
    </HStack>
  );
}
