import { Box, Button, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import { type PointerEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TariffSchedule, TariffWindow } from '../../src/generated/api-types';
import { ScrollRegion } from '../shared/scroll-region';
import { RangeFill } from './range-fill';
import { type CellRange, DAY_TYPES, type DayType, gridOf, inRange, paintCells } from './tariff-draft';
import { windowPalette } from './window-colours';

const MONTHS = Array.from({ length: 12 }, (_, month) => month);
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

interface SchedulePainterProps {
  schedule: TariffSchedule;
  windows: TariffWindow[];
  onChange: (schedule: TariffSchedule) => void;
  readOnly: boolean;
  /** The cell a server's issue points at, marked until the next change. */
  flagged?: { dayType: DayType; month: number; hour: number };
}

/**
 * The OpenEI-style 12 × 24 grid of a day type, painted with a window: press
 * on one cell and release on another to paint the rectangle between them
 * (a click paints one cell). Each cell says its window's number, so the
 * colours are never the only clue.
 */
export function SchedulePainter({ schedule, windows, onChange, readOnly, flagged }: SchedulePainterProps) {
  const { t } = useTranslation('tariffs');
  const [dayType, setDayType] = useState<DayType>('weekday');
  const [brush, setBrush] = useState(Math.min(1, windows.length - 1));
  const [range, setRange] = useState<CellRange>();
  const grid = gridOf(schedule, dayType);
  const brushWindow = Math.min(brush, windows.length - 1);

  const cellAt = (event: PointerEvent) => {
    // A touch keeps its events on the cell it started on, so the cell under the finger is looked up.
    const under =
      event.pointerType === 'touch' ? document.elementFromPoint(event.clientX, event.clientY) : event.target;
    const element = under instanceof Element ? under.closest('[data-cell]') : null;
    const [month, hour] = (element?.getAttribute('data-cell') ?? '').split(':').map(Number);
    return month === undefined || hour === undefined || Number.isNaN(hour) ? undefined : { month, hour };
  };
  const press = (event: PointerEvent) => {
    const cell = cellAt(event);
    if (readOnly || !cell) return;
    event.preventDefault();
    setRange({ months: [cell.month, cell.month], hours: [cell.hour, cell.hour] });
  };
  const move = (event: PointerEvent) => {
    const cell = range && cellAt(event);
    if (cell) setRange({ months: [range.months[0], cell.month], hours: [range.hours[0], cell.hour] });
  };
  const release = () => {
    if (range) onChange(paintCells(schedule, dayType, range, brushWindow));
    setRange(undefined);
  };

  return (
    <Stack gap="3">
      <HStack wrap="wrap" gap="2" role="group" aria-label={t('schedule.dayTypes')}>
        {DAY_TYPES.map((type) => (
          <Button
            key={type}
            size="xs"
            variant={type === dayType ? 'solid' : 'outline'}
            aria-pressed={type === dayType}
            onClick={() => setDayType(type)}
          >
            {t(`dayTypes.${type}`)}
          </Button>
        ))}
      </HStack>
      {dayType === 'holiday' && !schedule.holiday ? (
        <Text textStyle="xs" color="fg.muted">
          {t('schedule.holidayAsWeekend')}
        </Text>
      ) : null}
      {readOnly ? null : (
        <HStack wrap="wrap" gap="2" role="group" aria-label={t('schedule.brush')}>
          <Text textStyle="sm">{t('schedule.paintWith')}</Text>
          {windows.map((window, index) => (
            <Button
              // biome-ignore lint/suspicious/noArrayIndexKey: windows are known by their place in the list
              key={index}
              size="xs"
              colorPalette={windowPalette(index)}
              variant={index === brushWindow ? 'solid' : 'outline'}
              aria-pressed={index === brushWindow}
              onClick={() => setBrush(index)}
            >
              {index + 1} · {window.name}
            </Button>
          ))}
        </HStack>
      )}
      {readOnly ? null : (
        <RangeFill onFill={(filled) => onChange(paintCells(schedule, dayType, filled, brushWindow))} />
      )}
      <ScrollRegion label={t('schedule.gridLabel', { dayType: t(`dayTypes.${dayType}`) })}>
        <Grid
          templateColumns="2.5rem repeat(24, minmax(1.5rem, 1fr))"
          gap="1px"
          minW="44rem"
          userSelect="none"
          touchAction="none"
          onPointerDown={press}
          onPointerMove={move}
          onPointerUp={release}
          onPointerLeave={release}
          role="group"
          aria-label={t('schedule.gridLabel', { dayType: t(`dayTypes.${dayType}`) })}
        >
          <Box />
          {HOURS.map((hour) => (
            <Text key={hour} textStyle="2xs" color="fg.muted" textAlign="center">
              {hour}
            </Text>
          ))}
          {MONTHS.map((month) => (
            <MonthRow
              key={month}
              month={month}
              hours={grid[month] ?? []}
              windows={windows}
              painting={range}
              brush={brushWindow}
              flaggedHour={flagged?.dayType === dayType && flagged.month === month ? flagged.hour : undefined}
            />
          ))}
        </Grid>
      </ScrollRegion>
    </Stack>
  );
}

function MonthRow({
  month,
  hours,
  windows,
  painting,
  brush,
  flaggedHour,
}: {
  month: number;
  hours: (number | null)[];
  windows: TariffWindow[];
  painting: CellRange | undefined;
  brush: number;
  flaggedHour: number | undefined;
}) {
  const { t } = useTranslation('tariffs');
  const monthName = t(`months.${month}`);
  return (
    <>
      <Text textStyle="xs" color="fg.muted" alignSelf="center">
        {monthName}
      </Text>
      {HOURS.map((hour) => {
        const window = inRange(painting, month, hour) ? brush : (hours[hour] ?? null);
        const name = window === null ? t('schedule.noWindow') : (windows[window]?.name ?? '?');
        return (
          <Box
            key={hour}
            data-cell={`${month}:${hour}`}
            role="img"
            aria-label={t('schedule.cell', { month: monthName, hour, window: name })}
            bg={window === null ? 'bg.error' : `${windowPalette(window)}.solid`}
            color={window === null ? 'fg.error' : `${windowPalette(window)}.contrast`}
            data-flagged={flaggedHour === hour ? 'true' : undefined}
            outline={flaggedHour === hour ? '2px solid' : undefined}
            outlineColor="border.error"
            textAlign="center"
            textStyle="2xs"
            lineHeight="1.5rem"
            cursor="crosshair"
          >
            {window === null ? '!' : window + 1}
          </Box>
        );
      })}
    </>
  );
}
