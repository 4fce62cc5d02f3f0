import { Box } from '@chakra-ui/react';
import { type KeyboardEvent, memo } from 'react';
import { useTranslation } from 'react-i18next';
import { CardView } from '../../engine/render/page-view';
import type { LayoutIssue } from '../../engine/validation/issue';
import type { Card } from '../../generated/page-types';
import { type Direction, duplicate, moveCard, remove } from '../document/layout-edits';
import { useEditorCommands } from '../editor-context';
import { useWidgetWords } from '../palette/widget-words';

interface CardFrameProps {
  card: Card;
  pointer: string;
  /** The selected node when it is this card or one of its widgets. */
  selected: string | undefined;
  issuesByNode: Map<string, LayoutIssue[]>;
}

const ARROWS: Record<string, Direction> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};

/**
 * A card as the page shows it, with real data, under a frame that selects it. The widgets cannot be used while
 * editing (a click selects, a link does not leave the editor); the frame takes the keyboard: arrows move the
 * card, Delete removes it, Ctrl+D duplicates it.
 */
export const CardFrame = memo(function CardFrame({ card, pointer, selected, issuesByNode }: CardFrameProps) {
  const isSelected = selected !== undefined;
  const wordsOf = useWidgetWords();
  const firstWidget = card.widgets?.[0]?.name;
  // Its title, else what its widget is called in the person's language ("Consumption chart", not "consumption-chart").
  const name = card.title || (firstWidget ? wordsOf(firstWidget).title : card.key);
  return (
    <Box
      position="relative"
      borderRadius="md"
      outline={isSelected ? '2px solid' : '1px dashed'}
      outlineColor={isSelected ? 'colorPalette.solid' : 'border.emphasized'}
      outlineOffset="2px"
      colorPalette="blue"
      data-editor-card={card.key}
      data-selected={isSelected || undefined}
    >
      <Box pointerEvents="none" aria-hidden="true" inert>
        <CardView card={card} pointer={pointer} issuesByNode={issuesByNode} />
      </Box>
      <CardSelectButton
        pointer={pointer}
        selectTarget={card.widgets?.length === 1 ? `${pointer}/widgets/0` : pointer}
        name={name}
        isSelected={isSelected}
      />
    </Box>
  );
});

/**
 * The whole card is the button that selects it, above the widgets it stands for. Memoised apart from the card:
 * an edit of a widget's props changes none of what it shows.
 */
const CardSelectButton = memo(function CardSelectButton({
  pointer,
  selectTarget,
  name,
  isSelected,
}: {
  pointer: string;
  selectTarget: string;
  name: string;
  isSelected: boolean;
}) {
  const { t } = useTranslation('editor');
  const { current, dispatch, apply } = useEditorCommands();

  const onKeyDown = (event: KeyboardEvent) => {
    const direction = ARROWS[event.key];
    if (direction && !event.altKey && !event.metaKey && !event.ctrlKey) {
      event.preventDefault();
      apply(
        moveCard(current(), pointer, direction, name) ?? {
          patch: [],
          select: pointer,
          announce: { key: 'announce.cannotMove', values: {} },
        },
      );
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      apply(remove(current(), pointer));
    } else if (event.key.toLowerCase() === 'd' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      apply(duplicate(current(), pointer));
    }
  };

  return (
    <Box
      as="button"
      position="absolute"
      inset="0"
      width="100%"
      cursor="pointer"
      borderRadius="md"
      _focusVisible={{ outline: '3px solid', outlineColor: 'colorPalette.focusRing' }}
      aria-pressed={isSelected}
      aria-label={t('canvas.card', { name })}
      aria-keyshortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight Delete Control+D"
      onClick={() => dispatch({ type: 'select', pointer: selectTarget })}
      onKeyDown={onKeyDown}
      data-card-select={pointer}
    />
  );
});
