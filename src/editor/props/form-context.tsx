import { type ComponentType, createContext, memo, useContext } from 'react';
import { fieldId } from './field-ids';
import type { FieldProps } from './field-props';

export interface FormContextValue {
  idPrefix: string;
  /** The messages each field shows, by the field's pointer (see issue-homes.ts). */
  issueHomes: ReadonlyMap<string, readonly string[]>;
  /**
   * The component editing any value (field-for.tsx), handed down so lists and
   * groups can render their children without importing the dispatcher that
   * imports them.
   */
  Field: ComponentType<FieldProps>;
}

export const FormContext = createContext<FormContextValue | null>(null);

function useFormContext(): FormContextValue {
  const context = useContext(FormContext);
  if (!context) throw new Error('a prop field is rendered outside <PropForm>');
  return context;
}

/** The id of the control editing the value at `pointer`. */
export function useFieldId(pointer: string): string {
  return fieldId(useFormContext().idPrefix, pointer);
}

/** The problems shown at the field of `pointer`. */
export function useIssuesAt(pointer: string): readonly string[] {
  return useFormContext().issueHomes.get(pointer) ?? NONE;
}

/** The pointers of the fields under `pointer` that have a problem to show. */
export function useIssuePointersUnder(pointer: string): string[] {
  const { issueHomes } = useFormContext();
  return [...issueHomes.keys()].filter((home) => home.startsWith(`${pointer}/`));
}

/**
 * Renders the field for a child value: a list's item, a group's prop.
 * Memoised: a field whose value, schema and handler are the ones it had is
 * not drawn again when a sibling changes.
 */
export const ChildField = memo(function ChildField(props: FieldProps) {
  const { Field } = useFormContext();
  return <Field {...props} />;
});

const NONE: readonly string[] = [];
