import { Button, HStack } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { duplicate, moveSibling, remove } from '../document/layout-edits';
import type { NodeKind } from '../document/layout-nodes';
import { useEditorCommands } from '../editor-context';

/**
 * Move, duplicate and delete for the selected row, column or card, as buttons beside the keyboard's keys.
 * Memoised: they read the document only when pressed, so typing in the node's fields passes them by.
 */
export const NodeActions = memo(function NodeActions({ pointer, kind }: { pointer: string; kind: NodeKind }) {
  const { t } = useTranslation('editor');
  const { current, apply } = useEditorCommands();
  const across = kind === 'column';
  return (
    <HStack wrap="wrap" gap="2">
      <Button size="xs" variant="outline" onClick={() => apply(moveSibling(current(), pointer, -1))}>
        {across ? t('inspector.moveLeft') : t('inspector.moveUp')}
      </Button>
      <Button size="xs" variant="outline" onClick={() => apply(moveSibling(current(), pointer, 1))}>
        {across ? t('inspector.moveRight') : t('inspector.moveDown')}
      </Button>
      <Button size="xs" variant="outline" onClick={() => apply(duplicate(current(), pointer))}>
        {t('inspector.duplicate')}
      </Button>
      <Button
        size="xs"
        variant="outline"
        colorPalette="red"
        onClick={() => apply(remove(current(), pointer))}
      >
        {t(`inspector.delete.${kind}`)}
      </Button>
    </HStack>
  );
});
