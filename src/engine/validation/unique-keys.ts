import { childPointer, type LayoutIssue } from './issue';

/** The arrays whose items carry a `key`, and the array that holds their children. */
const CHILDREN: Record<string, string | undefined> = {
  rows: 'columns',
  columns: 'cards',
  cards: 'widgets',
  widgets: undefined,
};

/**
 * JSON Schema cannot say "unique by one field", so keys are checked here:
 * each duplicate is reported at its own pointer, naming the first use.
 */
export function duplicateKeyIssues(page: unknown): LayoutIssue[] {
  const issues: LayoutIssue[] = [];
  visit(page, '', 'rows', issues);
  return issues;
}

function visit(parent: unknown, pointer: string, field: string, issues: LayoutIssue[]): void {
  if (typeof parent !== 'object' || parent === null) return;
  const items = (parent as Record<string, unknown>)[field];
  if (!Array.isArray(items)) return;
  const listPointer = childPointer(pointer, field);
  const firstUse = new Map<string, string>();
  items.forEach((item, index) => {
    const itemPointer = childPointer(listPointer, index);
    const key = (item as { key?: unknown } | null)?.key;
    if (typeof key === 'string') {
      const first = firstUse.get(key);
      if (first === undefined) firstUse.set(key, itemPointer);
      else
        issues.push({
          pointer: childPointer(itemPointer, 'key'),
          message: `duplicate key "${key}" (first used at ${first})`,
        });
    }
    const childField = CHILDREN[field];
    if (childField) visit(item, itemPointer, childField, issues);
  });
}
