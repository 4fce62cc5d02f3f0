import { Button, HStack, Input, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { dayStart, replayWindow, SLOT_MS, slotsIn } from './plan-replay';

/** Which day is replayed and the quarter hour shown, or none: the plan is live. */
export interface Replay {
  day: string;
  slot: number;
}

/** The replay's controls: a day, a slider over its quarter hours, and the way back to live values. */
export function ReplayBar({
  replay,
  onChange,
  loading,
}: {
  replay: Replay | undefined;
  onChange: (replay: Replay | undefined) => void;
  loading: boolean;
}) {
  const { t, i18n } = useTranslation('floor-plan');
  const today = localDay(new Date());
  if (!replay) {
    return (
      <Button size="sm" variant="outline" onClick={() => onChange({ day: today, slot: currentSlot(today) })}>
        {t('replay.start')}
      </Button>
    );
  }
  const slots = slotsIn(replay.day);
  const { from, at } = replayWindow(replay.day, replay.slot);
  const slot = (at - from) / SLOT_MS;
  const time = new Date(at).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });
  return (
    <HStack gap="3" wrap="wrap" width="full" borderWidth="1px" borderRadius="md" px="3" py="2">
      <Input
        type="date"
        size="sm"
        width="40"
        aria-label={t('replay.day')}
        max={today}
        value={replay.day}
        onChange={(event) =>
          event.currentTarget.value && onChange({ ...replay, day: event.currentTarget.value })
        }
      />
      <input
        type="range"
        min={0}
        max={slots - 1}
        step={1}
        value={slot}
        aria-label={t('replay.time')}
        aria-valuetext={time}
        onChange={(event) => onChange({ ...replay, slot: Number(event.currentTarget.value) })}
        style={{ flex: '1 1 12rem' }}
      />
      <Text fontSize="sm" fontVariantNumeric="tabular-nums" role="status" aria-busy={loading}>
        {t('replay.at', { time })}
      </Text>
      <Button size="sm" variant="ghost" onClick={() => onChange(undefined)}>
        {t('replay.stop')}
      </Button>
    </HStack>
  );
}

/** YYYY-MM-DD in the browser's time zone. */
function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The quarter hour of today now, counted from its midnight (on the days the clocks change, too). */
function currentSlot(today: string): number {
  return Math.min(slotsIn(today) - 1, Math.floor((Date.now() - dayStart(today)) / SLOT_MS));
}
