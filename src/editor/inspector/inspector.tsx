import { Button, Heading, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LayoutIssue } from '../../engine/validation/issue';
import { isRecord, isWithin, valueAt } from '../document/json-pointer';
import { addColumn } from '../document/layout-edits';
import { enclosing, nodeAddress } from '../document/layout-nodes';
import { useEditorCommands } from '../editor-context';
import { useWidgetWords } from '../palette/widget-words';
import { useSameContent } from '../use-same-content';
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
  const address = selected ? nodeAddress(selected) : undefined;
  if (!selected || !address || valueAt(document, selected) === undefined) return <NothingSelected />;
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

function NothingSelected() {
  const { t } = useTranslation('editor');
  return <Text color="fg.muted">{t('inspector.nothingSelected')}</Text>;
}

/**
 * A card's settings and its selected widget's props. What an edit of the props leaves as it was (the headings,
 * the card's title and actions) is memoised apart, so a keystroke in a prop draws the field it went into.
 */
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
  const card = valueAt(document, pointer);
  const widgets = isRecord(card) && Array.isArray(card.widgets) ? card.widgets : [];
  const widgetPointer =
    enclosing(selected, 'widget') ?? (widgets.length > 0 ? `${pointer}/widgets/0` : undefined);
  const titleIssues = useSameContent(messagesWithin(issues, `${pointer}/title`));
  const widgetName = widgetPointer ? valueAt(document, `${widgetPointer}/name`) : undefined;
  return (
    <Stack gap="3">
      <CardSettings
        pointer={pointer}
        title={isRecord(card) ? card.title : undefined}
        titleIssues={titleIssues}
      />
      {widgets.length > 1 ? (
        <WidgetChoice pointer={pointer} names={widgetNames(widgets)} chosen={widgetPointer} />
      ) : null}
      {widgetPointer ? (
        <>
          <WidgetHeading name={typeof widgetName === 'string' ? widgetName : ''} />
          <WidgetFields pointer={widgetPointer} widget={valueAt(document, widgetPointer)} issues={issues} />
        </>
      ) : null}
    </Stack>
  );
}

const CardSettings = memo(function CardSettings({
  pointer,
  title,
  titleIssues,
}: {
  pointer: string;
  title: unknown;
  titleIssues: readonly string[];
}) {
  const { t } = useTranslation('editor');
  return (
    <>
      <Heading as="h3" size="sm">
        {t('inspector.card')}
      </Heading>
      <TextSetting
        label={t('inspector.cardTitle')}
        pointer={`${pointer}/title`}
        value={title}
        optional
        maxLength={200}
        issues={titleIssues}
      />
      <NodeActions pointer={pointer} kind="card" />
    </>
  );
});

/** A card of several widgets: which of them the form below is for. */
function WidgetChoice({
  pointer,
  names,
  chosen,
}: {
  pointer: string;
  names: string[];
  chosen: string | undefined;
}) {
  const { t } = useTranslation('editor');
  const wordsOf = useWidgetWords();
  const { dispatch } = useEditorCommands();
  return (
    <HStack wrap="wrap" gap="1" role="group" aria-label={t('inspector.widgetsOfCard')}>
      {names.map((name, index) => {
        const target = `${pointer}/widgets/${index}`;
        return (
          <Button
            key={target}
            size="2xs"
            variant={target === chosen ? 'solid' : 'outline'}
            aria-pressed={target === chosen}
            onClick={() => dispatch({ type: 'select', pointer: target })}
          >
            {wordsOf(name).title}
          </Button>
        );
      })}
    </HStack>
  );
}

function widgetNames(widgets: unknown[]): string[] {
  return widgets.map((widget, index) => (isRecord(widget) ? String(widget.name) : String(index)));
}

/** What the widget is called in the person's language, over the name the JSON holds. */
const WidgetHeading = memo(function WidgetHeading({ name }: { name: string }) {
  const { title } = useWidgetWords()(name);
  return (
    <>
      <Separator />
      <Stack gap="0">
        <Heading as="h3" size="sm">
          {title}
        </Heading>
        <Text fontFamily="mono" fontSize="2xs" color="fg.muted">
          {name}
        </Text>
      </Stack>
    </>
  );
});

/** The messages of the issues at or inside a node. */
function messagesWithin(issues: readonly LayoutIssue[], node: string): string[] {
  return issues.filter((issue) => isWithin(issue.pointer, node)).map((issue) => issue.message);
}
