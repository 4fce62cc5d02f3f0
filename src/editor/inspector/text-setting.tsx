import { Field, Input, Textarea } from '@chakra-ui/react';
import { memo } from 'react';
import { valueAt } from '../document/json-pointer';
import { setField } from '../document/layout-edits';
import { useEditorCommands } from '../editor-context';

interface TextSettingProps {
  label: string;
  /** The field's pointer in the document. */
  pointer: string;
  value: unknown;
  /** An optional field left empty is taken out of the document; a required one keeps "". */
  optional?: boolean;
  multiline?: boolean;
  maxLength?: number;
  issues?: readonly string[];
  help?: string;
}

const NO_ISSUES: readonly string[] = [];

/**
 * A text field of a layout node (a title, a key), written to the document as it is typed: one undo step per field.
 * Memoised: an edit elsewhere in the node passes it by while its value and issues stay the same.
 */
export const TextSetting = memo(function TextSetting({
  label,
  pointer,
  value,
  optional = false,
  multiline = false,
  maxLength,
  issues = NO_ISSUES,
  help,
}: TextSettingProps) {
  const { current, dispatch } = useEditorCommands();
  const text = typeof value === 'string' ? value : '';
  const onChange = (next: string) => {
    const patch = setField(current(), pointer, optional && next === '' ? undefined : next);
    if (patch.length > 0) dispatch({ type: 'edit', patch, source: 'form', field: pointer });
  };
  const Control = multiline ? Textarea : Input;
  return (
    <Field.Root invalid={issues.length > 0}>
      <Field.Label>{label}</Field.Label>
      <Control
        size="sm"
        value={text}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
      />
      {help ? <Field.HelperText>{help}</Field.HelperText> : null}
      {issues.map((message) => (
        <Field.ErrorText key={message}>{message}</Field.ErrorText>
      ))}
    </Field.Root>
  );
});

/** The value at a pointer of the document, for a setting's current value. */
export function settingValue(document: unknown, pointer: string): unknown {
  return valueAt(document, pointer);
}
