import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { type Dispatch, type SetStateAction, useState } from 'react';
import { vi } from 'vitest';
import pageSchema from '../../../schemas/page.schema.json';
import { createQueryClient } from '../../data/query-client';
import { i18next, PROP_HELP_NAMESPACE } from '../../i18n/i18n';
import { system } from '../../theme/system';
import { fieldId } from './field-ids';
import type { PropIssue } from './issue-homes';
import type { JsonSchema } from './json-schema';
import { PropForm } from './prop-form';

export const ID_PREFIX = 'props';

/** A widget's props schema as the editor hands it over, from the generated page schema. */
export function propsSchema(definition: string): JsonSchema {
  const schema = (pageSchema.definitions as Record<string, unknown>)[definition];
  if (!schema) throw new Error(`page.schema.json has no ${definition}`);
  return schema as JsonSchema;
}

/** Every widget's props schema in the page schema, by definition name (KpiProps…). */
export function everyPropsSchema(): [string, JsonSchema][] {
  return Object.entries(pageSchema.definitions as unknown as Record<string, JsonSchema>).filter(([name]) =>
    name.endsWith('Props'),
  );
}

interface Options {
  value?: Record<string, unknown>;
  issues?: readonly PropIssue[];
}

/**
 * The form as the editor holds it: the props in state, each change applied,
 * every change recorded; in Chakra, the editor's strings and a data cache of
 * its own (nothing one test fetched answers the next).
 */
export async function renderPropForm(schema: JsonSchema, { value = {}, issues = [] }: Options = {}) {
  await i18next.loadNamespaces(['editor-props', PROP_HELP_NAMESPACE]);
  const onChange = vi.fn<(next: Record<string, unknown>) => void>();
  const queryClient = createQueryClient({ retry: false });
  let setFromOutside: Dispatch<SetStateAction<Record<string, unknown>>> = () => {};
  function Editor() {
    const [props, setProps] = useState(value);
    setFromOutside = setProps;
    return (
      <PropForm
        schema={schema}
        value={props}
        issues={issues}
        idPrefix={ID_PREFIX}
        onChange={(next) => {
          onChange(next);
          setProps(next);
        }}
      />
    );
  }
  const view = render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <Editor />
      </QueryClientProvider>
    </ChakraProvider>,
  );
  /** The props after the last change. */
  const lastChange = () => onChange.mock.lastCall?.[0];
  /** The props changed elsewhere (an undo, an edit in code mode). */
  const changeElsewhere = (next: Record<string, unknown>) => act(() => setFromOutside(next));
  /** The control (or group) of the value at a pointer. */
  const fieldAt = (pointer: string) => {
    const element = document.getElementById(fieldId(ID_PREFIX, pointer));
    if (!element) throw new Error(`no field for ${pointer}`);
    return element as HTMLInputElement;
  };
  return { ...view, onChange, lastChange, changeElsewhere, fieldAt };
}
