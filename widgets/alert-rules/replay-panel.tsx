import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { replayQuery } from '../../src/data/alerts';
import type { ThresholdReplayRequest, ThresholdReplayResponse } from '../../src/generated/api-types';
import { judgedOn } from '../../src/rules/judged-on';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { ChoiceSelect } from '../shared/choice-select';
import { formatDate } from '../shared/format';

const DAY_CHOICES = [1, 7, 30, 90] as const;
/** Firings listed under the strip; the strip shows them all. */
const LISTED = 5;

/**
 * Tries the rule as it stands in the form on the last days' readings: how
 * often it would have fired, drawn on a strip of the window, the first few
 * listed. Asked only when the person presses the button, for what the form
 * held then.
 */
export function ReplayPanel({ rule }: { rule: Omit<ThresholdReplayRequest, 'days'> | null }) {
  const { t } = useTranslation('alert-rules');
  const [days, setDays] = useState<number>(7);
  const [asked, setAsked] = useState<ThresholdReplayRequest | null>(null);
  const replay = useQuery({ ...replayQuery(asked as ThresholdReplayRequest), enabled: asked !== null });
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" p="3" data-testid="rule-replay">
      <HStack gap="2" wrap="wrap">
        <Text fontSize="sm">{t('replay.tryOn')}</Text>
        <ChoiceSelect
          size="sm"
          width="auto"
          label={t('replay.days')}
          value={days}
          onChange={setDays}
          choices={DAY_CHOICES.map((choice) => ({
            value: choice,
            label: t('replay.lastDays', { count: choice }),
          }))}
        />
        <Button
          size="sm"
          variant="outline"
          disabled={rule === null}
          loading={replay.isFetching}
          onClick={() => rule && setAsked({ ...rule, days })}
        >
          {t('replay.run')}
        </Button>
      </HStack>
      {rule === null ? (
        <Text fontSize="xs" color="fg.muted">
          {t('replay.needsPoint')}
        </Text>
      ) : null}
      {asked !== null ? (
        <DataState state={fromQuery(replay)} what={t('replay.what')}>
          {(answer) => <ReplayAnswer answer={answer} judged={judgedOn(asked.condition)} />}
        </DataState>
      ) : null}
    </Stack>
  );
}

/** How often the rule would have fired, of how many readings (or hours, or steps) judged, drawn and listed. */
function ReplayAnswer({
  answer,
  judged: unit,
}: {
  answer: ThresholdReplayResponse;
  judged: ReturnType<typeof judgedOn>;
}) {
  const { t } = useTranslation('alert-rules');
  const judged = t(`replay.${unit}`, { count: answer.readings });
  return (
    <Stack gap="1" aria-live="polite">
      <Text fontSize="sm" fontWeight="medium">
        {answer.fired === 0
          ? t('replay.never', { judged })
          : t('replay.fired', { count: answer.fired, judged })}
      </Text>
      <FiringStrip answer={answer} />
      {answer.firings.slice(0, LISTED).map((firing) => (
        <Text key={firing.firedAt} fontSize="xs" color="fg.muted">
          {firing.resolvedAt
            ? t('replay.firing', {
                from: formatDate(firing.firedAt, true),
                to: formatDate(firing.resolvedAt, true),
              })
            : t('replay.stillFiring', { from: formatDate(firing.firedAt, true) })}
        </Text>
      ))}
      {answer.fired > LISTED ? (
        <Text fontSize="xs" color="fg.muted">
          {t('replay.more', { count: answer.fired - LISTED })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The window as a bar, each firing a red span from when it fired to when it resolved (or the end). */
function FiringStrip({ answer }: { answer: ThresholdReplayResponse }) {
  const { t } = useTranslation('alert-rules');
  const from = Date.parse(answer.from);
  const span = Date.parse(answer.to) - from;
  const at = (iso: string) => ((Date.parse(iso) - from) / span) * 100;
  return (
    <Box
      position="relative"
      height="3"
      bg="bg.muted"
      borderRadius="sm"
      role="img"
      aria-label={t('replay.strip')}
    >
      {answer.firings.map((firing) => {
        const left = Math.max(0, at(firing.firedAt));
        const right = firing.resolvedAt ? at(firing.resolvedAt) : 100;
        return (
          <Box
            key={firing.firedAt}
            position="absolute"
            top="0"
            bottom="0"
            left={`${left}%`}
            // At least a sliver, so a firing of a few minutes in 90 days still shows.
            width={`max(2px, ${right - left}%)`}
            bg="red.solid"
            borderRadius="sm"
          />
        );
      })}
    </Box>
  );
}
