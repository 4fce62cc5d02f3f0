import { HStack, IconButton } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

interface ItemControlsProps {
  /** The item as the buttons name it ("Columns 2"). */
  item: string;
  /** Prefix of the buttons' ids, for the focus to find them after a move. */
  idPrefix: string;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onMoveUp(): void;
  onMoveDown(): void;
  onRemove(): void;
}

/** Move up, move down and remove, each naming the item for screen readers. */
export function ItemControls(props: ItemControlsProps) {
  const { t } = useTranslation('editor-props');
  const { item, idPrefix } = props;
  return (
    <HStack gap="1" flexShrink={0}>
      <IconButton
        id={`${idPrefix}--up`}
        size="xs"
        variant="ghost"
        aria-label={t('array.moveUp', { item })}
        title={t('array.moveUp', { item })}
        disabled={!props.canMoveUp}
        onClick={props.onMoveUp}
      >
        ↑
      </IconButton>
      <IconButton
        id={`${idPrefix}--down`}
        size="xs"
        variant="ghost"
        aria-label={t('array.moveDown', { item })}
        title={t('array.moveDown', { item })}
        disabled={!props.canMoveDown}
        onClick={props.onMoveDown}
      >
        ↓
      </IconButton>
      <IconButton
        id={`${idPrefix}--remove`}
        size="xs"
        variant="ghost"
        colorPalette="red"
        aria-label={t('array.remove', { item })}
        title={t('array.remove', { item })}
        onClick={props.onRemove}
      >
        ✕
      </IconButton>
    </HStack>
  );
}
