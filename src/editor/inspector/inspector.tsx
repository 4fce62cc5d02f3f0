import { Button, Heading, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LayoutIssue } from '../../engine/validation/issue';
import { isRecord, isWithin, valueAt } from '../document/json-pointer';
import { addColumn } from '../document/layout-edits';
import { enclosing, nodeAddress } from '../document/layout-nodes';
import { useEditorCommands } from '../editor-context';
import { ColumnFields } from './column-fields';
import { NodeActions } from './node-actions';
import { TextSetting } from './text-setting';
import { WidgetFields } from './widget-fields';

interface InspectorProps {
  document: unknown;
  selected: string | undefined;
  issues: readonly LayoutIssue[];
}

/** The selected node's settings: a card's title and widgets with their props, a column's widths, a row's columns. */
export function Inspector({ document, selected, issues }: InspectorProps) {
  const { t } = useTranslation('editor');
  const address = selected ? nodeAddress(selected) : undefined;
  if (!selected || !address || valueAt(document, selected) === undefined) {
    return <Text color="fg.muted">{t('inspector.nothingSelected')}</Text>;
  }
  const card = enclosing(selected, 'card');
  const column = enclosing(selected, 'column');
  return (
    <Stack gap="4" data-testid="inspector">
      {address.kind === 'row' ? <RowSection pointer={selected} /> : null}
      {address.kind === 'column' && column ? <ColumnSection pointer={column} document={document} /> : null}
      {card ? <CardSection pointer={card} document={document} selected={selected} issues={issues} /> : null}
    </Stack>
  );
}

function RowSection({ pointer }: { pointer: string }) {
  const { t } = useTranslation('editor');
  const { current, apply } = useEditorCommands();
  return (
    <Stack gap="3">
      <Heading as="h3" size="sm">
        {t('inspector.row')}
      </Heading>
      <NodeActions pointer={pointer} kind="row" />
      <Button size="xs" alignSelf="start" onClick={() => apply(addColumn(current(), pointer))}>
        {t('canvas.addColumn')}
      </Button>
    </Stack>
  );
}

function ColumnSection({ pointer, document }: { pointer: string; document: unknown }) {
  const { t } = useTranslation('editor');
  return (
    <Stack gap="3">
      <Heading as="h3" size="sm">
        {t('inspector.column')}
      </Heading>
      <ColumnFields pointer={pointer} span={valueAt(document, `${pointer}/span`)} />
      <NodeActions pointer={pointer} kind="column" />
      <Text fontSize="sm" color="fg.muted">
        {t('inspector.columnHint')}
      </Text>
    </Stack>
  );
}

function CardSection({
  pointer,
  document,
  selected,
  issues,
}: {
  pointer: string;
  document: unknown;
  selected: string;
  issues: readonly LayoutIssue[];
}) {
  const { t } = useTranslation('editor');
  const { dispatch } = useEditorCommands();
  const card = valueAt(document, pointer);
  const widgets = isRecord(card) && Array.isArray(card.widgets) ? card.widgets : [];
  const widgetPointer =
    enclosing(selected, 'widget') ?? (widgets.length > 0 ? `${pointer}/widgets/0` : undefined);
  const titleIssues = useMemo(() => messagesWithin(issues, `${pointer}/title`), [issues, pointer]);
  return (
    <Stack gap="3">
      <Heading as="h3" size="sm">
        {t('inspector.card')}
      </Heading>
      <TextSetting
        label={t('inspector.cardTitle')}
        pointer={`${pointer}/title`}
        value={isRecord(card) ? card.title : undefined}
        optional
        maxLength={200}
        issues={titleIssues}
      />
      <NodeActions pointer={pointer} kind="card" />
      {widgets.length > 1 ? (
        <HStack wrap="wrap" gap="1" role="group" aria-label={t('inspector.widgetsOfCard')}>
          {widgets.map((widget, index) => {
            const target = `${pointer}/widgets/${index}`;
            return (
              <Button
                key={target}
                size="2xs"
                variant={target === widgetPointer ? 'solid' : 'outline'}
                aria-pressed={target === widgetPointer}
                onClick={() => dispatch({ type: 'select', pointer: target })}
              >
                {isRecord(widget) ? String(widget.name) : index}
              </Button>
            );
          })}
        </HStack>
      ) : null}
      {widgetPointer ? (
        <>
          <Separator />
          <Heading as="h3" size="sm">
            {t('inspector.widget', {
              name: String((valueAt(document, `${widgetPointer}/name`) as string | undefined) ?? ''),
            })}
          </Heading>
          <WidgetFields pointer={widgetPointer} widget={valueAt(document, widgetPointer)} issues={issues} />
        </>
      ) : null}
    </Stack>
  );
}

/** The messages of the issues at or inside a node. */
function messagesWithin(issues: readonly LayoutIssue[], node: string): string[] {
  return issues.filter((issue) => isWithin(issue.pointer, node)).map((issue) => issue.message);
}
