import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { type DragEvent, memo, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCard } from '../../engine/render/error-card';
import type { LayoutIssue } from '../../engine/validation/issue';
import type { Column } from '../../generated/page-types';
import { isWithin } from '../document/json-pointer';
import { addWidget } from '../document/layout-edits';
import { useEditorCommands } from '../editor-context';
import { PALETTE_DRAG_TYPE, paletteWidget } from '../palette/palette-drag';
import { CardFrame } from './card-frame';
import { type Breakpoint, widthAt } from './grid-placement';

interface ColumnFrameProps {
  column: Column;
  pointer: string;
  breakpoint: Breakpoint;
  selected: string | undefined;
  issuesByNode: Map<string, LayoutIssue[]>;
  /** Reports the height the column's content needs, so the row's grid can give every column room. */
  onHeight(key: string, height: number): void;
}

/** The class of the strip that drags a column: the cards below it stay clickable. */
export const COLUMN_HANDLE = 'editor-column-handle';

/** A column in the visual editor: a strip to drag and select it by, its cards, and a drop zone for new widgets. */
export const ColumnFrame = memo(function ColumnFrame(props: ColumnFrameProps) {
  const { column, pointer, breakpoint, selected, issuesByNode, onHeight } = props;
  const { current, apply } = useEditorCommands();
  const content = useRef<HTMLDivElement>(null);
  const isSelected = selected === pointer;
  const issues = issuesByNode.get(pointer);

  useLayoutEffect(() => {
    const element = content.current;
    if (!element) return;
    const report = () => onHeight(column.key, element.scrollHeight);
    report();
    const observer = new ResizeObserver(report);
    observer.observe(element);
    return () => observer.disconnect();
  }, [column.key, onHeight]);

  const onDrop = (event: DragEvent) => {
    const widget = paletteWidget(event.dataTransfer.getData(PALETTE_DRAG_TYPE));
    if (!widget) return;
    event.preventDefault();
    apply(addWidget(current(), pointer, widget));
  };

  return (
    <Stack
      ref={content}
      gap="3"
      pb="3"
      colorPalette="blue"
      bg={isSelected ? 'colorPalette.subtle' : 'bg.muted/40'}
      borderRadius="md"
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes(PALETTE_DRAG_TYPE)) event.preventDefault();
      }}
      onDrop={onDrop}
      data-editor-column={column.key}
    >
      <ColumnStrip
        columnKey={column.key}
        pointer={pointer}
        isSelected={isSelected}
        width={widthAt(column.span, breakpoint)}
      />
      <Stack gap="3" px="2">
        {issues ? <ErrorCard subject="column" issues={issues} /> : null}
        {(Array.isArray(column.cards) ? column.cards : []).map((card, index) => {
          const cardPointer = `${pointer}/cards/${index}`;
          return (
            <CardFrame
              key={card.key ?? index}
              card={card}
              pointer={cardPointer}
              selected={selected && isWithin(selected, cardPointer) ? selected : undefined}
              issuesByNode={issuesByNode}
            />
          );
        })}
        {column.cards?.length ? null : <EmptyColumn />}
      </Stack>
    </Stack>
  );
});

/** Where a column without cards takes widgets: apart from the column, which an edit draws again. */
function EmptyColumn() {
  const { t } = useTranslation('editor');
  return (
    <Box
      borderWidth="1px"
      borderStyle="dashed"
      borderRadius="md"
      p="4"
      textAlign="center"
      color="fg.muted"
      fontSize="sm"
    >
      {t('canvas.emptyColumn')}
    </Box>
  );
}

/**
 * The strip a column is dragged and selected by, with its width at the breakpoint: memoised, as an edit to one
 * of the column's cards changes none of it.
 */
const ColumnStrip = memo(function ColumnStrip({
  columnKey,
  pointer,
  isSelected,
  width,
}: {
  columnKey: string;
  pointer: string;
  isSelected: boolean;
  width: number;
}) {
  const { t } = useTranslation('editor');
  const { dispatch } = useEditorCommands();
  return (
    <HStack
      className={COLUMN_HANDLE}
      justify="space-between"
      gap="1"
      px="2"
      py="1"
      cursor="grab"
      // A drag that starts here selects no text. react-draggable only hides the selection, and extending it
      // over the cards the pointer crossed took up to 8 ms of a frame: the drag's frame p95 went from some
      // 17 ms to 13 (npm run bench:editor).
      userSelect="none"
      borderTopRadius="md"
      bg="bg.emphasized/50"
    >
      <Button
        size="2xs"
        minW="0"
        flexShrink="1"
        title={t('canvas.column', { key: columnKey })}
        variant={isSelected ? 'solid' : 'ghost'}
        onClick={() => dispatch({ type: 'select', pointer })}
        aria-pressed={isSelected}
        data-column-select={pointer}
      >
        <Box as="span" overflow="hidden" textOverflow="ellipsis" whiteSpace="nowrap">
          {t('canvas.column', { key: columnKey })}
        </Box>
      </Button>
      <Text fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
        {t('canvas.width', { width })}
      </Text>
    </HStack>
  );
});
