import { Card, Grid, GridItem, Stack } from '@chakra-ui/react';
import { memo } from 'react';
import type { Card as CardModel, Column, Row, Widget } from '../../generated/page-types';
import { useLayoutText } from '../../i18n/layout-text';
import { childPointer, type LayoutIssue } from '../validation/issue';
import { ErrorCard } from './error-card';
import { columnsPerBreakpoint } from './span';
import { useIssuesPerRow } from './use-issues-per-row';
import { WidgetSlot } from './widget-slot';

interface PageViewProps {
  rows: unknown[];
  /** Issues grouped by the pointer of the node they belong to (see issue-owner.ts). */
  issuesByNode: Map<string, LayoutIssue[]>;
}

/**
 * Rows → 12-column grid → cards → widgets. A node with issues renders an
 * error card in its place; its siblings render as usual. Every level is
 * memoised: a node the same object as before, with the same issues, is not
 * drawn again, so an edit that keeps the rest of the document (the editor's
 * does) redraws only what it changed.
 */
export function PageView({ rows, issuesByNode }: PageViewProps) {
  const issuesPerRow = useIssuesPerRow(issuesByNode, rows.length);
  return (
    <Stack gap="4" data-testid="page">
      {rows.map((row, index) => {
        const pointer = childPointer('/rows', index);
        return (
          <RowView
            key={keyOf(row, index)}
            row={row as Row}
            pointer={pointer}
            issuesByNode={issuesPerRow[index] as Map<string, LayoutIssue[]>}
          />
        );
      })}
    </Stack>
  );
}

export interface NodeProps {
  pointer: string;
  issuesByNode: Map<string, LayoutIssue[]>;
}

const RowView = memo(function RowView({ row, pointer, issuesByNode }: NodeProps & { row: Row }) {
  const issues = issuesByNode.get(pointer);
  if (issues) return <ErrorCard subject="row" issues={issues} />;
  return (
    <Grid templateColumns="repeat(12, minmax(0, 1fr))" gap="4" data-row={row.key}>
      {row.columns.map((column, index) => (
        <ColumnView
          key={keyOf(column, index)}
          column={column}
          pointer={childPointer(childPointer(pointer, 'columns'), index)}
          issuesByNode={issuesByNode}
        />
      ))}
    </Grid>
  );
});

const ColumnView = memo(function ColumnView({
  column,
  pointer,
  issuesByNode,
}: NodeProps & { column: Column }) {
  const issues = issuesByNode.get(pointer);
  if (issues) {
    return (
      <GridItem colSpan={12}>
        <ErrorCard subject="column" issues={issues} />
      </GridItem>
    );
  }
  return (
    <GridItem colSpan={columnsPerBreakpoint(column.span)} className={column.className} minW="0">
      <Stack gap="4">
        {column.cards.map((card, index) => (
          <CardView
            key={keyOf(card, index)}
            card={card}
            pointer={childPointer(childPointer(pointer, 'cards'), index)}
            issuesByNode={issuesByNode}
          />
        ))}
      </Stack>
    </GridItem>
  );
});

export const CardView = memo(function CardView({
  card,
  pointer,
  issuesByNode,
}: NodeProps & { card: CardModel }) {
  const issues = issuesByNode.get(pointer);
  const text = useLayoutText();
  if (issues) return <ErrorCard subject="card" issues={issues} />;
  return (
    <Card.Root className={card.extraClass} size="sm" variant="outline" data-card={card.key}>
      {card.title ? (
        <Card.Header pb="0">
          <Card.Title as="h2" fontSize="md">
            {text(card.title)}
          </Card.Title>
        </Card.Header>
      ) : null}
      <Card.Body p="0">
        {card.widgets.map((widget, index) => (
          <WidgetView
            key={keyOf(widget, index)}
            widget={widget}
            pointer={childPointer(childPointer(pointer, 'widgets'), index)}
            issuesByNode={issuesByNode}
          />
        ))}
      </Card.Body>
    </Card.Root>
  );
});

const WidgetView = memo(function WidgetView({
  widget,
  pointer,
  issuesByNode,
}: NodeProps & { widget: Widget }) {
  const issues = issuesByNode.get(pointer);
  if (issues) {
    return (
      <Stack p="4">
        <ErrorCard subject="widget" issues={issues} />
      </Stack>
    );
  }
  return <WidgetSlot widget={widget} pointer={pointer} />;
});

/** React key: the item's own key when it has one, its position otherwise (only in documents with issues). */
function keyOf(item: unknown, index: number): string {
  const key = (item as { key?: unknown } | null)?.key;
  return typeof key === 'string' ? `k:${key}` : `i:${index}`;
}
