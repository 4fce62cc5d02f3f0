import { validateWidget } from '../../engine/validation/validate';
import { isRecord } from './json-pointer';

/** How a page nests: each level's list of children, down to a widget. */
const LEVELS = ['rows', 'columns', 'cards', 'widgets'] as const;

/**
 * Whether `after`, made from a page that passed validation (`before`), passes too, known without checking
 * the whole page: `after` differs from `before` only inside one widget's `data` (the rest is the same
 * objects, as the editor's patches leave it), and that widget passes on its own. Nothing in the page
 * schema relates one widget's props to anything else (keys are unique among siblings, and `data` holds
 * none), so a page valid before stays valid exactly when the edited widget is. Undefined when it cannot
 * say: the page must then be checked whole.
 */
export function stillValidAfterDataEdit(before: unknown, after: unknown): true | undefined {
  let beforeNode = before;
  let afterNode = after;
  for (const level of LEVELS) {
    const changed = onlyChangedItem(beforeNode, afterNode, level);
    if (!changed) return undefined;
    [beforeNode, afterNode] = changed;
  }
  if (!onlyChangedField(beforeNode, afterNode, 'data')) return undefined;
  return validateWidget(afterNode).ok ? true : undefined;
}

/**
 * The one item of `field`'s list that differs between the two nodes, when everything else about them is the
 * same: the same other fields (the same objects), and lists of one length differing at one index.
 */
function onlyChangedItem(before: unknown, after: unknown, field: string): [unknown, unknown] | undefined {
  if (!onlyChangedField(before, after, field)) return undefined;
  const beforeItems = (before as Record<string, unknown>)[field];
  const afterItems = (after as Record<string, unknown>)[field];
  if (!Array.isArray(beforeItems) || !Array.isArray(afterItems)) return undefined;
  if (beforeItems.length !== afterItems.length) return undefined;
  let changed: number | undefined;
  for (let index = 0; index < afterItems.length; index++) {
    if (beforeItems[index] === afterItems[index]) continue;
    if (changed !== undefined) return undefined;
    changed = index;
  }
  return changed === undefined ? undefined : [beforeItems[changed], afterItems[changed]];
}

/** Both objects with the same fields, each the same object or value, except `field`, which differs. */
function onlyChangedField(before: unknown, after: unknown, field: string): boolean {
  if (!isRecord(before) || !isRecord(after) || before[field] === after[field]) return false;
  const keys = Object.keys(after);
  if (keys.length !== Object.keys(before).length) return false;
  return keys.every((key) => key === field || (Object.hasOwn(before, key) && before[key] === after[key]));
}
