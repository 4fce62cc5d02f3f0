import { Alert, Stack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LayoutIssue } from '../../engine/validation/issue';
import { deepEqual } from '../document/apply-patch';
import { isRecord, isWithin, pointerOf } from '../document/json-pointer';
import { setField } from '../document/layout-edits';
import { useEditorCommands } from '../editor-context';
import { catalogueWidget } from '../palette/widget-catalogue';
import { useWidgetWords } from '../palette/widget-words';
import type { PropIssue } from '../props/issue-homes';
import type { JsonSchema } from '../props/json-schema';
import { PropForm } from '../props/prop-form';
import { useSameContent } from '../use-same-content';

interface WidgetFieldsProps {
  pointer: string;
  widget: unknown;
  /** Issues inside this widget, pointers from the document's root. */
  issues: readonly LayoutIssue[];
}

/** The selected widget's props as a form generated from its schema; every change is one step of the history. */
export function WidgetFields({ pointer, widget, issues }: WidgetFieldsProps) {
  const { current, dispatch } = useEditorCommands();
  const wordsOf = useWidgetWords();
  const name = isRecord(widget) && typeof widget.name === 'string' ? widget.name : undefined;
  const entry = name ? catalogueWidget(name) : undefined;
  const data = isRecord(widget) && isRecord(widget.data) ? widget.data : {};
  const propIssues = usePropIssues(issues, `${pointer}/data`);
  if (!entry) return <UnknownWidget name={name ?? ''} />;
  const dataPointer = `${pointer}/data`;

  const onChange = (next: Record<string, unknown>) => {
    // Typing in one prop is one undo step; the prop is the first the change touches.
    const prop = changedProp(data, next);
    const field = prop === undefined ? dataPointer : `${dataPointer}${pointerOf([prop])}`;
    dispatch({ type: 'edit', patch: setField(current(), dataPointer, next), source: 'form', field });
  };

  return (
    <Stack gap="3">
      <WidgetDescription text={wordsOf(entry.name).description} />
      <PropForm
        schema={entry.props as JsonSchema}
        value={data}
        onChange={onChange}
        issues={propIssues}
        idPrefix={`props-${pointer.replaceAll('/', '-')}`}
      />
    </Stack>
  );
}

function UnknownWidget({ name }: { name: string }) {
  const { t } = useTranslation('editor');
  return (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Title>{t('inspector.unknownWidget', { name })}</Alert.Title>
    </Alert.Root>
  );
}

/** Memoised: a keystroke in a prop leaves the widget's description as it was. */
const WidgetDescription = memo(function WidgetDescription({ text }: { text: string }) {
  return (
    <Text fontSize="sm" color="fg.muted">
      {text}
    </Text>
  );
});

/** The first prop whose value differs between the two. */
function changedProp(before: Record<string, unknown>, after: Record<string, unknown>): string | undefined {
  return Object.keys({ ...before, ...after }).find((prop) => !deepEqual(before[prop], after[prop]));
}

const NO_ISSUES: readonly PropIssue[] = [];

/**
 * The issues inside the widget's props, pointers relative to them: the same
 * array while they read the same, so the form is not made anew on every
 * keystroke that leaves them as they were.
 */
function usePropIssues(issues: readonly LayoutIssue[], dataPointer: string): readonly PropIssue[] {
  const own = issues
    .filter((issue) => isWithin(issue.pointer, dataPointer))
    .map((issue) => ({ pointer: issue.pointer.slice(dataPointer.length), message: issue.message }));
  return useSameContent(own.length === 0 ? NO_ISSUES : own);
}
