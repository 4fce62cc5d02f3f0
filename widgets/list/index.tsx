import { Box, HStack, List, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { WidgetData, WidgetProps } from '../../src/engine/widget-types';
import { formatValue } from '../shared/format';
import { SmartLink } from '../shared/smart-link';

type Item = WidgetData<'list'>['items'][number];

/** Items with an optional description and a value on the right; links where an item has one. */
export default function ListWidget({ data }: WidgetProps<'list'>) {
  const { t } = useTranslation('list');
  const { items, ordered = false, emptyText } = data;
  if (items.length === 0) return <Text color="fg.muted">{emptyText ?? t('empty')}</Text>;
  return (
    <List.Root as={ordered ? 'ol' : 'ul'} gap="3" listStyle="none">
      {numbered(items).map(({ item, number }) => (
        <List.Item key={number}>
          <HStack justify="space-between" align="start" gap="4" w="full">
            <HStack align="start" gap="3">
              {ordered ? (
                <Text color="fg.muted" fontVariantNumeric="tabular-nums" aria-hidden="true">
                  {number}.
                </Text>
              ) : null}
              <ItemText item={item} />
            </HStack>
            {item.value !== undefined ? (
              <Text fontWeight="semibold" whiteSpace="nowrap">
                {formatValue(item.value, item.unit)}
              </Text>
            ) : null}
          </HStack>
        </List.Item>
      ))}
    </List.Root>
  );
}

function ItemText({ item }: { item: Item }) {
  return (
    <Box>
      <Text fontWeight="medium">
        {item.href ? <SmartLink href={item.href}>{item.title}</SmartLink> : item.title}
      </Text>
      {item.description ? (
        <Text fontSize="sm" color="fg.muted">
          {item.description}
        </Text>
      ) : null}
    </Box>
  );
}

/** Items have no identity of their own; their position is it. */
function numbered(items: readonly Item[]): { item: Item; number: number }[] {
  return items.map((item, position) => ({ item, number: position + 1 }));
}
