import { Button, HStack, Text } from '@chakra-ui/react';
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
  return (
    <HStack gap="2">
      <Text fontSize="sm">Delete “{open.name}” for everyone in your organisation?</Text>
      <Button size="xs" colorPalette="red" loading={busy} onClick={onDelete}>
        Delete
      </Button>
      <Button size="xs" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </HStack>
  );
}
