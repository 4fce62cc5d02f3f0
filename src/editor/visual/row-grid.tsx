import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { memo, useCallback, useMemo, useState } from 'react';
import ReactGridLayout, { horizontalCompactor, type Layout } from 'react-grid-layout';
import { useTranslation } from 'react-i18next';
import { ErrorCard } from '../../engine/render/error-card';
import type { LayoutIssue } from '../../engine/validation/issue';
import type { Row } from '../../generated/page-types';
import { isWithin } from '../document/json-pointer';
import { addColumn } from '../document/layout-edits';
import { useEditorCommands } from '../editor-context';
import { COLUMN_HANDLE, ColumnFrame } from './column-frame';
import { type Breakpoint, gridItems, patchFromGrid } from './grid-placement';

interface RowGridProps {
  row: Row;
  pointer: string;
  breakpoint: Breakpoint;
  width: number;
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
  selected,
  issuesByNode,
}: RowGridProps) {
  const { t } = useTranslation('editor');
  const { current, dispatch, apply } = useEditorCommands();
  const columns = Array.isArray(row.columns) ? row.columns : [];
  const layout = useMemo(() => gridItems(columns, breakpoint), [columns, breakpoint]);
  const [heights, setHeights] = useState<Record<string, number>>({});
  const onHeight = useCallback(
    (key: string, height: number) =>
      setHeights((known) => (known[key] === height ? known : { ...known, [key]: height })),
    [],
  );
  const rowHeight = Math.max(MIN_HEIGHT, ...columns.map((column) => heights[column.key] ?? 0));
  const isSelected = selected === pointer;
  const issues = issuesByNode.get(pointer);

  const commit = (placed: Layout) => {
    const patch = patchFromGrid(pointer, columns, placed, breakpoint);
    if (patch.length > 0) dispatch({ type: 'edit', patch, source: 'visual' });
  };

  return (
    <Box
      borderWidth="1px"
      borderColor={isSelected ? 'blue.solid' : 'border'}
      borderRadius="lg"
      p="2"
      data-editor-row={row.key}
      // A row out of view is not laid out or painted (it keeps its last size): grabbing and dropping a column
      // restyle the whole document, and on a 200-card page that took 150 to 250 ms (npm run bench:editor).
      css={{ contentVisibility: 'auto', containIntrinsicSize: 'auto 320px' }}
    >
      <HStack justify="space-between" mb="1">
        <Button
          size="2xs"
          variant={isSelected ? 'solid' : 'ghost'}
          onClick={() => dispatch({ type: 'select', pointer })}
          aria-pressed={isSelected}
        >
          {t('canvas.row', { key: row.key })}
        </Button>
        <Button size="2xs" variant="ghost" onClick={() => apply(addColumn(current(), pointer))}>
          {t('canvas.addColumn')}
        </Button>
      </HStack>
      {issues ? <ErrorCard subject="row" issues={issues} /> : null}
      {width > 0 && columns.length > 0 ? (
        <ReactGridLayout
          width={width}
          layout={layout}
          gridConfig={{ cols: 12, rowHeight, margin: [GAP, GAP], containerPadding: [0, 0] }}
          dragConfig={{ enabled: true, handle: `.${COLUMN_HANDLE}`, cancel: 'button' }}
          resizeConfig={{ enabled: true, handles: ['e'] }}
          compactor={horizontalCompactor}
          onDragStop={(placed) => commit(placed)}
          onResizeStop={(placed) => commit(placed)}
        >
          {columns.map((column, index) => {
            const columnPointer = `${pointer}/columns/${index}`;
            return (
              <div key={layout[index]?.i ?? index} data-testid="editor-column">
                <ColumnFrame
                  column={column}
                  pointer={columnPointer}
                  breakpoint={breakpoint}
                  selected={selected && isWithin(selected, columnPointer) ? selected : undefined}
                  issuesByNode={issuesByNode}
                  onHeight={onHeight}
                />
              </div>
            );
          })}
        </ReactGridLayout>
      ) : null}
      {columns.length === 0 ? (
        <Text color="fg.muted" fontSize="sm" p="3">
          {t('canvas.emptyRow')}
        </Text>
      ) : null}
    </Box>
  );
});
