import type { Page, Widget } from '../../generated/page-types';
import { issuesFromAjv } from './ajv-messages';
import { knownWidgetNames, validatePageSchema, validateWidgetSchema } from './compiled-validators';
import type { LayoutIssue } from './issue';
import { duplicateKeyIssues } from './unique-keys';

export type Validation<T> = { ok: true; value: T } | { ok: false; issues: LayoutIssue[] };

/** Checks a whole page against schemas/page.schema.json and the unique-key rule. */
export function validatePage(document: unknown): Validation<Page> {
  const schemaIssues = validatePageSchema(document)
    ? []
    : issuesFromAjv(validatePageSchema.errors ?? [], knownWidgetNames);
  const issues = [...schemaIssues, ...duplicateKeyIssues(document)];
  return issues.length === 0 ? { ok: true, value: document as Page } : { ok: false, issues };
}

/** Checks one widget on its own; pointers are relative to the widget, or under `at` when given. */
export function validateWidget(widget: unknown, at = ''): Validation<Widget> {
  if (validateWidgetSchema(widget)) return { ok: true, value: widget as Widget };
  const issues = issuesFromAjv(validateWidgetSchema.errors ?? [], knownWidgetNames);
  return { ok: false, issues: issues.map((issue) => ({ ...issue, pointer: at + issue.pointer })) };
}
