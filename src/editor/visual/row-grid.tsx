import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { createContext, memo, useCallback, useContext, useMemo, useState } from 'react';
import ReactGridLayout, { horizontalCompactor, type Layout } from 'react-grid-layout';
import { createScaledStrategy } from 'react-grid-layout/core';
import { useTranslation } from 'react-i18next';
import { ErrorCard } from '../../engine/render/error-card';
import type { LayoutIssue } from '../../engine/validation/issue';
import type { Row } from '../../generated/page-types';
import { isWithin, valueAt } from '../document/json-pointer';
import { addColumn } from '../document/layout-edits';
import { useEditorCommands } from '../editor-context';
import { useSameContent } from '../use-same-content';
import { COLUMN_HANDLE, ColumnFrame } from './column-frame';
import { type Breakpoint, type GridItem, gridItems, patchFromGrid } from './grid-placement';

interface RowGridProps {
  row: Row;
  pointer: string;
  breakpoint: Breakpoint;
  width: number;
  /** How much smaller than its size the canvas is drawn (1: as large), for a drag to follow the pointer. */
  scale: number;
  /** The selected node when it lies in this row: other rows do not draw again when the selection moves. */
  selected: string | undefined;
  issuesByNode: Map<string, LayoutIssue[]>;
}

const GAP = 16;
const MIN_HEIGHT = 96;

/**
 * A row as react-grid-layout's 12-column grid: columns are dragged by their strip to move them and by their
 * right edge to resize them; when the drag ends the row is written back as a patch, widths snapped to those
 * the schema allows. Every line of the grid is as tall as the tallest column's cards.
 */
export const RowGrid = memo(function RowGrid({
  row,
  pointer,
  breakpoint,
  width,
  scale,
  selected,
  issuesByNode,
}: RowGridProps) {
  const { current, dispatch } = useEditorCommands();
  const columns = Array.isArray(row.columns) ? row.columns : [];
  // The same array while it places the columns the same.
  const layout = useSameContent(gridItems(columns, breakpoint));
  const [heights, setHeights] = useState<Record<string, number>>({});
  const onHeight = useCallback(
    (key: string, height: number) =>
      setHeights((known) => (known[key] === height ? known : { ...known, [key]: height })),
    [],
  );
  const rowHeight = Math.max(MIN_HEIGHT, ...columns.map((column) => heights[column.key] ?? 0));
  const isSelected = selected === pointer;
  const issues = issuesByNode.get(pointer);
  const rowColumns = useMemo(
    () => ({ columns, pointer, breakpoint, selected, issuesByNode, onHeight }),
    [columns, pointer, breakpoint, selected, issuesByNode, onHeight],
  );

  // The row as it is when the drag ends, read then: the grid is not drawn again for an edit inside a column.
  const commit = useCallback(
    (placed: Layout) => {
      const now = valueAt(current(), `${pointer}/columns`);
      const patch = patchFromGrid(pointer, Array.isArray(now) ? now : [], placed, breakpoint);
      if (patch.length > 0) dispatch({ type: 'edit', patch, source: 'visual' });
    },
    [current, dispatch, pointer, breakpoint],
  );

  return (
    <Box
      borderWidth="1px"
      borderColor={isSelected ? 'blue.solid' : 'border'}
      borderRadius="lg"
      p="2"
      data-editor-row={row.key}
      // A row out of view is not laid out or painted (it keeps its last size): grabbing and dropping a column
      // restyle the whole document, and on a 200-card page that took 150 to 250 ms (npm run bench:editor).
      // Nor does a resize select text, as a drag by the column's strip does not (column-frame.tsx).
      css={{
        contentVisibility: 'auto',
        containIntrinsicSize: 'auto 320px',
        '& .react-resizable-handle': { userSelect: 'none' },
      }}
    >
      <RowHeader rowKey={row.key} pointer={pointer} isSelected={isSelected} />
      {issues ? <ErrorCard subject="row" issues={issues} /> : null}
      {width > 0 && columns.length > 0 ? (
        <RowColumnsContext value={rowColumns}>
          <ColumnsGrid width={width} scale={scale} layout={layout} rowHeight={rowHeight} onPlaced={commit} />
        </RowColumnsContext>
      ) : null}
      {columns.length === 0 ? <EmptyRow /> : null}
    </Box>
  );
});

/** What each column of a row's grid draws from: given by context, so that an edit inside a column does not draw the grid again. */
interface RowColumns {
  columns: Row['columns'];
  pointer: string;
  breakpoint: Breakpoint;
  selected: string | undefined;
  issuesByNode: Map<string, LayoutIssue[]>;
  onHeight(key: string, height: number): void;
}

const RowColumnsContext = createContext<RowColumns | undefined>(undefined);

interface ColumnsGridProps {
  width: number;
  scale: number;
  layout: GridItem[];
  rowHeight: number;
  onPlaced(placed: Layout): void;
}

/**
 * The grid is as tall as react-grid-layout says (its inline height) and nothing in it sizes anything outside:
 * contained so, a column moving under a drag lays out the grid alone, not the whole editor page, in each frame
 * of its move (some 1.4 → 0.6 ms a frame, npm run bench:editor). Paint is not contained: a focus ring at the
 * grid's edge would be cut.
 */
const GRID_CONTAINMENT = { contain: 'size layout style' } as const;

/**
 * react-grid-layout and its items, drawn again only when the columns' places or sizes change: each item's
 * content reads its column from the row's context.
 */
const ColumnsGrid = memo(function ColumnsGrid({
  width,
  scale,
  layout,
  rowHeight,
  onPlaced,
}: ColumnsGridProps) {
  // A drag's pointer moves in the page's pixels, the columns in the canvas's: scaled, they are told apart.
  const positionStrategy = useMemo(() => (scale === 1 ? undefined : createScaledStrategy(scale)), [scale]);
  return (
    <ReactGridLayout
      width={width}
      positionStrategy={positionStrategy}
      layout={layout}
      style={GRID_CONTAINMENT}
      gridConfig={{ cols: 12, rowHeight, margin: [GAP, GAP], containerPadding: [0, 0] }}
      dragConfig={{ enabled: true, handle: `.${COLUMN_HANDLE}`, cancel: 'button' }}
      resizeConfig={{ enabled: true, handles: ['e'] }}
      compactor={horizontalCompactor}
      onDragStop={onPlaced}
      onResizeStop={onPlaced}
    >
      {layout.map((item, index) => (
        <div key={item.i} data-testid="editor-column">
          <ColumnOfRow index={index} />
        </div>
      ))}
    </ReactGridLayout>
  );
});

function ColumnOfRow({ index }: { index: number }) {
  const row = useContext(RowColumnsContext);
  const column = row?.columns?.[index];
  if (!row || !column) return null;
  const pointer = `${row.pointer}/columns/${index}`;
  return (
    <ColumnFrame
      column={column}
      pointer={pointer}
      breakpoint={row.breakpoint}
      selected={row.selected && isWithin(row.selected, pointer) ? row.selected : undefined}
      issuesByNode={row.issuesByNode}
      onHeight={row.onHeight}
    />
  );
}

/** What an empty row says, apart from the row: an edit inside a row does not ask for its words again. */
function EmptyRow() {
  const { t } = useTranslation('editor');
  return (
    <Text color="fg.muted" fontSize="sm" p="3">
      {t('canvas.emptyRow')}
    </Text>
  );
}

/** The row's button to select it by and its Add column: memoised, as an edit inside the row changes neither. */
const RowHeader = memo(function RowHeader({
  rowKey,
  pointer,
  isSelected,
}: {
  rowKey: string;
  pointer: string;
  isSelected: boolean;
}) {
  const { t } = useTranslation('editor');
  const { current, dispatch, apply } = useEditorCommands();
  return (
    <HStack justify="space-between" mb="1">
      <Button
        size="2xs"
        variant={isSelected ? 'solid' : 'ghost'}
        onClick={() => dispatch({ type: 'select', pointer })}
        aria-pressed={isSelected}
      >
        {t('canvas.row', { key: rowKey })}
      </Button>
      <Button size="2xs" variant="ghost" onClick={() => apply(addColumn(current(), pointer))}>
        {t('canvas.addColumn')}
      </Button>
    </HStack>
  );
});
