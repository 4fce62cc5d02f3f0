import type { Page, Widget } from '../../generated/page-types';
import { widgetsIn } from '../widget-names';
import { issuesFromAjv } from './ajv-messages';
import {
  dataValidator,
  knownWidgetNames,
  validatePageSchema,
  validateWidgetSchema,
} from './compiled-validators';
import { childPointer, type LayoutIssue } from './issue';
import { duplicateKeyIssues } from './unique-keys';

export type Validation<T> = { ok: true; value: T } | { ok: false; issues: LayoutIssue[] };

/**
 * Checks a whole page against schemas/page.schema.json and the unique-key
 * rule. The data validators of its widgets must be loaded (loadDataValidators).
 */
export function validatePage(document: unknown): Validation<Page> {
  const schemaIssues = validatePageSchema(document)
    ? []
    : issuesFromAjv(validatePageSchema.errors ?? [], knownWidgetNames);
  const dataIssues = widgetsIn(document).flatMap(({ widget, pointer }) => widgetDataIssues(widget, pointer));
  const issues = [...schemaIssues, ...dataIssues, ...duplicateKeyIssues(document)];
  return issues.length === 0 ? { ok: true, value: document as Page } : { ok: false, issues };
}

/**
 * Checks one widget on its own, its data validator loaded; pointers are
 * relative to the widget, or under `at` when given.
 */
export function validateWidget(widget: unknown, at = ''): Validation<Widget> {
  const envelopeIssues = validateWidgetSchema(widget)
    ? []
    : issuesFromAjv(validateWidgetSchema.errors ?? [], knownWidgetNames);
  const issues = [...envelopeIssues, ...widgetDataIssues(widget, '')];
  if (issues.length === 0) return { ok: true, value: widget as Widget };
  return { ok: false, issues: issues.map((issue) => ({ ...issue, pointer: at + issue.pointer })) };
}

/**
 * A widget's data against its widget's schema. A widget of no known name, or
 * whose data is missing or not an object, has only the page schema's issue.
 */
function widgetDataIssues(widget: unknown, pointer: string): LayoutIssue[] {
  const { name, data } = (widget ?? {}) as { name?: unknown; data?: unknown };
  if (typeof name !== 'string' || !knownWidgetNames.includes(name)) return [];
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return [];
  const dataPointer = childPointer(pointer, 'data');
  const validate = dataValidator(name);
  if (validate instanceof Error) {
    return [{ pointer: dataPointer, message: `could not be checked: ${validate.message}` }];
  }
  if (validate(data)) return [];
  return issuesFromAjv(validate.errors ?? [], knownWidgetNames).map((issue) => ({
    ...issue,
    pointer: dataPointer + issue.pointer,
  }));
}
