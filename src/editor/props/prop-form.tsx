import { Stack } from '@chakra-ui/react';
import { useMemo } from 'react';
import { FieldFor } from './field-for';
import { FormContext, type FormContextValue } from './form-context';
import { FormIssues } from './form-issues';
import { issueHomes, type PropIssue } from './issue-homes';
import type { JsonSchema } from './json-schema';
import { PropFields } from './object-field';
import { OneOfHint } from './one-of-hint';

const NO_MESSAGES: readonly string[] = [];
const NO_HOMES: ReadonlyMap<string, readonly string[]> = new Map();

export interface PropFormProps {
  /** The widget's props schema (page.schema.json definitions[`${Pascal}Props`]). */
  schema: JsonSchema;
  /** The widget's current props (the widget's `data`). */
  value: Record<string, unknown>;
  /** Called with the whole new props object on every change. */
  onChange(next: Record<string, unknown>): void;
  /** Problems in these props, pointers relative to the props object ('' = the object itself, '/label', '/columns/0/key'). */
  issues: readonly PropIssue[];
  /** Prefix for element ids, unique on the page. */
  idPrefix: string;
}

/**
 * A widget's props as a form generated from its JSON Schema: a field per
 * prop, by the prop's kind (text, number, choice, list, group, and pickers
 * for data points and periods), each showing the issues at its pointer.
 * The form keeps no copy of the props: every change hands back the whole new
 * object, and a change made elsewhere (undo, code mode) shows at once.
 */
export function PropForm({ schema, value, onChange, issues, idPrefix }: PropFormProps) {
  // Without issues the homes do not depend on the value: the context then stays the same object while
  // someone types, and the fields they are not typing in are passed by.
  const homesValue = issues.length === 0 ? undefined : value;
  const homes = useMemo(
    () => (homesValue === undefined ? NO_HOMES : issueHomes(schema, homesValue, issues)),
    [schema, homesValue, issues],
  );
  const context = useMemo<FormContextValue>(
    () => ({ idPrefix, issueHomes: homes, Field: FieldFor }),
    [idPrefix, homes],
  );
  return (
    <FormContext.Provider value={context}>
      <Stack gap="4">
        <FormIssues messages={context.issueHomes.get('') ?? NO_MESSAGES} />
        <OneOfHint schema={schema} />
        <PropFields
          schema={schema}
          value={value}
          onChange={(next) => onChange((next ?? {}) as Record<string, unknown>)}
          pointer=""
          label=""
          required
        />
      </Stack>
    </FormContext.Provider>
  );
}
