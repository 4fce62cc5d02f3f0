import { Box, Button, Card, Collapsible, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WidgetSlot } from '../../engine/render/widget-slot';
import type { Widget } from '../../generated/page-types';
import { addWidget } from '../document/layout-edits';
import { useEditorCommands } from '../editor-context';
import { PALETTE_DRAG_TYPE, paletteDragData } from './palette-drag';
import { type CatalogueWidget, catalogue } from './widget-catalogue';
import { useWidgetWords, type WidgetWords } from './widget-words';

/** Categories in the order people building a dashboard look for them; the sign-in forms come last. */
const CATEGORY_ORDER = ['figures', 'charts', 'data', 'content', 'maps', 'states', 'account', 'other'];

/**
 * Every widget the page can hold, by category, to click into the selected place or drag onto a column. Each
 * can show itself live with its schema's first example.
 */
export const WidgetPalette = memo(function WidgetPalette({ selected }: { selected: string | undefined }) {
  const { t } = useTranslation('editor');
  const wordsOf = useWidgetWords();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query.trim().toLowerCase());
  const groups = useMemo(
    () => groupByCategory(catalogue.filter((widget) => matches(widget, wordsOf(widget.name), deferredQuery))),
    [deferredQuery, wordsOf],
  );

  return (
    <Stack gap="3" data-testid="widget-palette">
      <Input
        size="sm"
        type="search"
        placeholder={t('palette.search')}
        aria-label={t('palette.search')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {groups.length === 0 ? <Text color="fg.muted">{t('palette.none', { query })}</Text> : null}
      {groups.map(([category, widgets]) => (
        <Stack key={category} gap="2" as="section" aria-label={t(`palette.category.${category}`)}>
          <Heading as="h3" size="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
            {t(`palette.category.${category}`)}
          </Heading>
          {widgets.map((widget) => (
            <PaletteEntry key={widget.name} widget={widget} selected={selected} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
});

function PaletteEntry({ widget, selected }: { widget: CatalogueWidget; selected: string | undefined }) {
  const { t } = useTranslation('editor');
  const { title, description } = useWidgetWords()(widget.name);
  const { current, apply } = useEditorCommands();
  const [previewing, setPreviewing] = useState(false);
  const newWidget = { name: widget.name, data: widget.initial };

  return (
    <Card.Root
      size="sm"
      variant="outline"
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData(PALETTE_DRAG_TYPE, paletteDragData(newWidget));
        event.dataTransfer.effectAllowed = 'copy';
      }}
      cursor="grab"
      data-palette-widget={widget.name}
    >
      <Card.Body gap="1" p="3">
        <HStack justify="space-between" align="start">
          <Stack gap="0">
            <Text fontWeight="semibold" fontSize="sm">
              {title}
            </Text>
            {/* The name the JSON holds, for people who also edit it as code. */}
            <Text fontFamily="mono" fontSize="2xs" color="fg.muted">
              {widget.name}
            </Text>
          </Stack>
          <Button
            size="2xs"
            onClick={() => apply(addWidget(current(), selected, newWidget))}
            aria-label={t('palette.add', { name: title })}
          >
            {t('palette.addShort')}
          </Button>
        </HStack>
        <Text fontSize="xs" color="fg.muted" lineClamp={previewing ? undefined : 2}>
          {description}
        </Text>
        <Collapsible.Root open={previewing} onOpenChange={({ open }) => setPreviewing(open)}>
          <Collapsible.Trigger asChild>
            <Button size="2xs" variant="plain" px="0" color="fg.muted" alignSelf="start">
              {previewing ? t('palette.hidePreview') : t('palette.preview')}
            </Button>
          </Collapsible.Trigger>
          <Collapsible.Content>{previewing ? <Preview widget={widget} /> : null}</Collapsible.Content>
        </Collapsible.Root>
      </Card.Body>
    </Card.Root>
  );
}

/** The widget drawn with its first example, with real data where it reads any, behind its own error boundary. */
function Preview({ widget }: { widget: CatalogueWidget }) {
  const example = { key: 'preview', name: widget.name, data: widget.examples[0] ?? {} } as Widget;
  return (
    <Box
      borderWidth="1px"
      borderRadius="md"
      mt="2"
      maxH="320px"
      overflow="auto"
      pointerEvents="none"
      inert
      data-testid="palette-preview"
    >
      <WidgetSlot widget={example} pointer={`/palette/${widget.name}`} />
    </Box>
  );
}

/** Found by its technical name or by its words in the person's language. */
function matches(widget: CatalogueWidget, words: WidgetWords, query: string): boolean {
  return (
    query === '' ||
    widget.name.includes(query) ||
    words.title.toLowerCase().includes(query) ||
    words.description.toLowerCase().includes(query)
  );
}

function groupByCategory(widgets: readonly CatalogueWidget[]): [string, CatalogueWidget[]][] {
  const groups = new Map<string, CatalogueWidget[]>();
  for (const widget of widgets) {
    const category = CATEGORY_ORDER.includes(widget.category) ? widget.category : 'other';
    groups.set(category, [...(groups.get(category) ?? []), widget]);
  }
  return CATEGORY_ORDER.filter((category) => groups.has(category)).map((category) => [
    category,
    groups.get(category) ?? [],
  ]);
}
