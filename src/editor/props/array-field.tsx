import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { childPointer } from '../../engine/validation/issue';
import { fieldKind } from './field-kind';
import type { FieldProps } from './field-props';
import { ChildField, useFieldId, useIssuePointersUnder } from './form-context';
import { GroupFrame } from './group-frame';
import { ItemControls } from './item-controls';
import { itemSchema } from './json-schema';
import { itemSummary } from './labels';
import { moveItem, newValueFor, withItem, withoutItem } from './prop-values';
import { useFocusLater } from './use-focus-later';

/** Lists longer than this show their first items until asked for all: a table's rows can run to thousands. */
const FIRST_ITEMS = 50;

/** A list: each item a field (a group for objects), with add, remove and move up or down. */
export function ArrayField(props: FieldProps) {
  const { schema, value, onChange, pointer, label, required } = props;
  const { t } = useTranslation('editor-props');
  const items = Array.isArray(value) ? value : [];
  const itemsSchema = itemSchema(schema);
  const addId = `${useFieldId(pointer)}--add`;
  const focusLater = useFocusLater();
  const shown = useShownCount(pointer, items.length);
  const setItems = (next: unknown[]) => onChange(next.length === 0 && !required ? undefined : next);
  const full = schema.maxItems !== undefined && items.length >= schema.maxItems;
  const idOfItem = useItemIds(pointer);

  function move(from: number, to: number) {
    setItems(moveItem(items, from, to));
    const action = to < from ? 'up' : 'down';
    focusLater([`${idOfItem(to)}--${action}`, `${idOfItem(to)}--${action === 'up' ? 'down' : 'up'}`]);
  }

  function remove(index: number) {
    setItems(withoutItem(items, index));
    const next = Math.min(index, items.length - 2);
    focusLater(next >= 0 ? [`${idOfItem(next)}--remove`] : [addId]);
  }

  return (
    <GroupFrame field={props}>
      {items.length === 0 ? <Text color="fg.muted">{t('array.empty')}</Text> : null}
      {items.slice(0, shown.count).map((item, index) => {
        const itemLabel = t('array.itemLabel', { label, index: index + 1 });
        const summary = fieldKind(itemsSchema) === 'object' ? itemSummary(item) : undefined;
        return (
          // Items are known by place: a list of text has nothing else to tell them apart by.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <HStack key={index} align="start" gap="2">
            <Box flex="1" minWidth="0">
              <ChildField
                schema={itemsSchema}
                value={item}
                onChange={(next) => setItems(withItem(items, index, next))}
                pointer={childPointer(pointer, index)}
                label={summary ? t('array.itemHeading', { item: itemLabel, summary }) : itemLabel}
                required
                inList
              />
            </Box>
            <ItemControls
              item={itemLabel}
              idPrefix={idOfItem(index)}
              canMoveUp={index > 0}
              canMoveDown={index < items.length - 1}
              onMoveUp={() => move(index, index - 1)}
              onMoveDown={() => move(index, index + 1)}
              onRemove={() => remove(index)}
            />
          </HStack>
        );
      })}
      {shown.count < items.length ? (
        <Button size="sm" variant="ghost" alignSelf="start" onClick={shown.showAll}>
          {t('array.showAll', { count: items.length })}
        </Button>
      ) : null}
      <Button
        id={addId}
        size="sm"
        variant="outline"
        alignSelf="start"
        disabled={full}
        onClick={() => setItems([...items, newValueFor(itemsSchema)])}
      >
        {t('array.add', { label })}
      </Button>
    </GroupFrame>
  );
}

/** How many items are on screen: the first ones, all when asked, and always every item with a problem. */
function useShownCount(pointer: string, length: number) {
  const [all, setAll] = useState(false);
  const withIssues = useIssuePointersUnder(pointer).map((home) =>
    Number(home.slice(pointer.length + 1).split('/')[0]),
  );
  const lastWithIssue = Math.max(-1, ...withIssues.filter(Number.isInteger));
  const count = all ? length : Math.min(length, Math.max(FIRST_ITEMS, lastWithIssue + 1));
  return { count, showAll: () => setAll(true) };
}

function useItemIds(pointer: string): (index: number) => string {
  const listId = useFieldId(pointer);
  return (index) => `${listId}/${index}`;
}
