import type { TFunction } from 'i18next';
import { pointerSegments } from '../document/json-pointer';

/** One step on the way from the page to a node, in the words a person knows the layout by. */
export type NodeStep =
  | { kind: 'page' }
  | { kind: 'row' | 'column' | 'card'; name: string }
  | { kind: 'widget'; name: string; widget: string }
  | { kind: 'item'; position: number }
  | { kind: 'property'; name: string };

type Level = 'page' | 'row' | 'column' | 'card';
type ChildKind = 'row' | 'column' | 'card' | 'widget';

/** What each level of a layout holds: a page rows, a row columns, a column cards, a card widgets. */
const CHILDREN: Record<Level, { list: string; kind: ChildKind }> = {
  page: { list: 'rows', kind: 'row' },
  row: { list: 'columns', kind: 'column' },
  column: { list: 'cards', kind: 'card' },
  card: { list: 'widgets', kind: 'widget' },
};

const INDEX = /^(0|[1-9]\d*)$/;

/**
 * The steps to the node a pointer names: rows, columns, cards and widgets by
 * their keys (a card by its title when it has one), then the props inside.
 * A node missing from the document (a pointer read against the other side of
 * a diff) is named by its position.
 */
export function nodeTrail(document: unknown, pointer: string): NodeStep[] {
  const segments = pointerSegments(pointer);
  if (segments.length === 0) return [{ kind: 'page' }];
  const steps: NodeStep[] = [];
  let level: Level | undefined = 'page';
  let value = document;
  for (let at = 0; at < segments.length; at++) {
    const segment = segments[at] as string;
    const next = segments[at + 1];
    const child: (typeof CHILDREN)[Level] | undefined = level ? CHILDREN[level] : undefined;
    if (child && segment === child.list && next !== undefined && INDEX.test(next)) {
      value = itemOf(itemOf(value, segment), next);
      steps.push(layoutStep(child.kind, value, Number(next)));
      level = child.kind === 'widget' ? undefined : child.kind;
      at++;
      continue;
    }
    steps.push(
      Array.isArray(value) && INDEX.test(segment)
        ? { kind: 'item', position: Number(segment) + 1 }
        : { kind: 'property', name: segment },
    );
    value = itemOf(value, segment);
    level = undefined;
  }
  return steps;
}

function layoutStep(kind: ChildKind, node: unknown, index: number): NodeStep {
  const fallback = String(index + 1);
  const key = textField(node, 'key') ?? fallback;
  if (kind === 'widget') return { kind, name: key, widget: textField(node, 'name') ?? '?' };
  if (kind === 'card') return { kind, name: textField(node, 'title') ?? key };
  return { kind, name: key };
}

function textField(node: unknown, field: string): string | undefined {
  const value = itemOf(node, field);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function itemOf(container: unknown, name: string): unknown {
  if (typeof container !== 'object' || container === null) return undefined;
  return (container as Record<string, unknown>)[name];
}

/** "Row figures › Column electricity › Card Electricity › Widget kwh (stat) › data › precision". */
export function describeNode(document: unknown, pointer: string, t: TFunction<'editor-history'>): string {
  return nodeTrail(document, pointer)
    .map((step) => t(`node.${step.kind}`, step))
    .join(' › ');
}
