import { Badge, Box, Button, Heading, HStack, Input, Stack, Text, Wrap } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { memo, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GetEntitesForDataExplorerResponse } from '../../src/generated/api-types';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { formatCount } from '../shared/format';
import { explorerPointsQuery } from './data';
import { groupByPath, toggleId } from './picker-groups';
import { MAX_SELECTED } from './view';

/** More than this many rows in the list slows the page for nothing: the search narrows it. */
const MAX_LISTED = 500;
const SEARCH_DELAY_MS = 250;
/** Picked points shown as removable chips; the rest are ticked in the list (200 chips are read by nobody). */
const CHIPS_SHOWN = 12;

interface PickerProps {
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  /** Names of picked points known from the chart, for picks the current filter hides. */
  knownNames: ReadonlyMap<number, string>;
}

/** Data points from the site tree: search, filter by tags, pick from a list grouped by place. */
/**
 * Memoised: the list runs to hundreds of rows, and the explorer re-renders on
 * every step of a chart request, which changes none of these props.
 */
export const Picker = memo(function Picker({ selected, onChange, knownNames }: PickerProps) {
  const { t } = useTranslation('data-explorer');
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const state = fromQuery(useQuery(explorerPointsQuery(search, tags, t)));
  const listedNames = useMemo(
    () =>
      new Map(
        (state.status === 'loaded' ? state.data.dataPoints : []).map((point) => [point.id, point.name]),
      ),
    [state],
  );
  const nameOf = (id: number) =>
    listedNames.get(id) ?? knownNames.get(id) ?? t('picker.fallbackName', { id });
  const toggleTag = (tag: string) =>
    setTags((current) =>
      current.includes(tag) ? current.filter((other) => other !== tag) : [...current, tag],
    );

  return (
    <Stack as="section" aria-label={t('picker.label')} gap="3" minW="0">
      <Heading as="h3" size="sm">
        {t('picker.label')}
      </Heading>
      <Input
        type="search"
        size="sm"
        placeholder={t('picker.searchPlaceholder')}
        aria-label={t('picker.searchLabel')}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {state.status === 'loaded' && state.data.tags.length > 0 ? (
        <Wrap gap="1" aria-label={t('picker.tags')} role="group">
          {state.data.tags.map((tag) => (
            <Button
              key={tag}
              size="2xs"
              variant={tags.includes(tag) ? 'solid' : 'outline'}
              aria-pressed={tags.includes(tag)}
              onClick={() => toggleTag(tag)}
            >
              {tag}
            </Button>
          ))}
        </Wrap>
      ) : null}
      {selected.length > 0 ? (
        <Stack gap="1">
          <HStack justify="space-between">
            <Text fontSize="xs" color="fg.muted">
              {selected.length >= MAX_SELECTED
                ? t('picker.pickedAtMost', { count: selected.length, max: MAX_SELECTED })
                : t('picker.picked', { count: selected.length })}
            </Text>
            <Button size="2xs" variant="ghost" onClick={() => onChange([])}>
              {t('picker.clear')}
            </Button>
          </HStack>
          <Wrap gap="1">
            {selected.slice(0, CHIPS_SHOWN).map((id) => (
              <Button
                key={id}
                size="2xs"
                variant="subtle"
                aria-label={t('picker.remove', { name: nameOf(id) })}
                onClick={() => onChange(selected.filter((other) => other !== id))}
              >
                {nameOf(id)} ×
              </Button>
            ))}
            {selected.length > CHIPS_SHOWN ? (
              <Text fontSize="xs" color="fg.muted" alignSelf="center">
                {t('picker.moreChips', { count: selected.length - CHIPS_SHOWN })}
              </Text>
            ) : null}
          </Wrap>
        </Stack>
      ) : null}
      <DataState state={state} what={t('picker.what')}>
        {({ dataPoints }) =>
          dataPoints.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              {search || tags.length > 0 ? t('picker.noMatch') : t('picker.none')}
            </Text>
          ) : (
            <PointList
              points={dataPoints}
              selected={selected}
              onToggle={(id) => onChange(toggleId(selected, id, MAX_SELECTED))}
            />
          )
        }
      </DataState>
    </Stack>
  );
});

function PointList({
  points,
  selected,
  onToggle,
}: {
  points: GetEntitesForDataExplorerResponse['dataPoints'];
  selected: readonly number[];
  onToggle: (id: number) => void;
}) {
  const { t } = useTranslation('data-explorer');
  const groups = groupByPath(points.slice(0, MAX_LISTED));
  const picked = new Set(selected);
  const full = selected.length >= MAX_SELECTED;
  // Plain elements styled once from the list: hundreds of rows of styled components cost the page
  // more than its chart (bench:explorer, case c).
  return (
    <Box maxH="480px" overflowY="auto" borderWidth="1px" borderRadius="md" p="2" css={LIST_STYLES}>
      <Stack gap="3">
        {groups.map((group) => (
          <fieldset key={group.path}>
            <legend>{group.path || t('picker.organisation')}</legend>
            {group.points.map((point) => {
              const checked = picked.has(point.id);
              return (
                <label key={point.id} title={point.formula ?? undefined}>
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={!checked && full}
                    onChange={() => onToggle(point.id)}
                  />
                  <span data-part="name">{point.name}</span>
                  {point.virtual ? <Badge size="xs">{t('virtualBadge')}</Badge> : null}
                  <span data-part="unit">{point.unit}</span>
                </label>
              );
            })}
          </fieldset>
        ))}
        {points.length > MAX_LISTED ? (
          <Text fontSize="xs" color="fg.muted">
            {t('picker.moreListed', {
              count: points.length - MAX_LISTED,
              number: formatCount(points.length - MAX_LISTED),
            })}
          </Text>
        ) : null}
      </Stack>
    </Box>
  );
}

const LIST_STYLES = {
  '& fieldset': { border: 0, margin: 0, padding: 0, minWidth: 0 },
  '& legend': { fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted', marginBottom: '0.5', padding: 0 },
  '& label': {
    display: 'flex',
    alignItems: 'center',
    gap: '2',
    fontSize: 'sm',
    cursor: 'pointer',
    paddingBlock: '0.5',
  },
  '& [data-part=name]': { flex: '1', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& [data-part=unit]': { fontSize: 'xs', color: 'fg.muted' },
} as const;
