import { Box, chakra, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TariffVersion } from '../../src/generated/api-types';
import { addDays } from './week-prices';

const DAY_MS = 86_400_000;

function dayNumber(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS;
}

interface VersionTimelineProps {
  versions: TariffVersion[];
  today: string;
  selected?: number;
  /** Given, each version is a button that chooses it; else the versions are a list. */
  onSelect?: (index: number) => void;
}

/**
 * The versions side by side on one line of time, from the first version's
 * start to a year past the later of today and the last start, so a running
 * version reads as running on; today is a red line.
 */
export function VersionTimeline({ versions, today, selected, onSelect }: VersionTimelineProps) {
  const { t } = useTranslation('tariffs');
  const start = dayNumber(versions[0]?.validFrom ?? today);
  const lastStart = versions[versions.length - 1]?.validFrom ?? today;
  const span = Math.max(1, dayNumber(addDays(lastStart > today ? lastStart : today, 365)) - start);
  const percentOf = (date: string) => ((dayNumber(date) - start) / span) * 100;
  const todayAt = percentOf(today);
  return (
    <Box position="relative" h="8" bg="bg.muted" borderRadius="md">
      <Box
        as={onSelect ? 'div' : 'ul'}
        role={onSelect ? 'group' : undefined}
        aria-label={t('versions.timeline')}
        position="absolute"
        inset="0"
      >
        {versions.map((version, index) => {
          const from = percentOf(version.validFrom);
          const to = version.validTo === null ? 100 : percentOf(version.validTo);
          const label = version.validTo
            ? t('versions.range', { from: version.validFrom, to: addDays(version.validTo, -1) })
            : t('versions.from', { from: version.validFrom });
          const isSelected = index === selected;
          const bar = {
            'aria-label': label,
            title: label,
            position: 'absolute',
            top: '1',
            bottom: '1',
            left: `${from}%`,
            width: `calc(${Math.max(0, to - from)}% - 2px)`,
            bg: isSelected ? 'colorPalette.solid' : 'colorPalette.muted',
            color: isSelected ? 'colorPalette.contrast' : 'fg',
            colorPalette: 'blue',
            borderRadius: 'sm',
            px: '2',
            overflow: 'hidden',
            textAlign: 'start',
            display: 'flex',
            alignItems: 'center',
          } as const;
          return onSelect ? (
            <chakra.button
              key={version.validFrom}
              type="button"
              aria-current={isSelected ? 'true' : undefined}
              onClick={() => onSelect(index)}
              cursor="pointer"
              {...bar}
            >
              <BarText label={label} />
            </chakra.button>
          ) : (
            <chakra.li key={version.validFrom} listStyleType="none" {...bar}>
              <BarText label={label} />
            </chakra.li>
          );
        })}
      </Box>
      {todayAt >= 0 && todayAt <= 100 ? (
        <Box
          position="absolute"
          top="0"
          bottom="0"
          left={`${todayAt}%`}
          w="2px"
          bg="fg.error"
          pointerEvents="none"
          title={t('versions.today')}
        />
      ) : null}
    </Box>
  );
}

function BarText({ label }: { label: string }) {
  return (
    <Text textStyle="2xs" truncate>
      {label}
    </Text>
  );
}
