import { Badge, Button, HStack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { RegisterStep } from '../../src/generated/api-types';
import { formatDate } from '../shared/format';
import { bookedAs, happened } from './step-texts';

export type Decision = 'accepted' | 'spread' | 'excluded';

const STATUS_PALETTE = { open: 'orange', accepted: 'green', spread: 'blue', excluded: 'gray' } as const;

/** The three choices, with the label and hint keys each button shows. */
const CHOICES: { decision: Decision; label: string; hint: string }[] = [
  { decision: 'accepted', label: 'accept', hint: 'acceptHint' },
  { decision: 'spread', label: 'spreadIt', hint: 'spreadHint' },
  { decision: 'excluded', label: 'exclude', hint: 'excludeHint' },
];

/** One suspicious step: where and when, what happened, how it is booked, and the buttons to decide (without `onDecide`, none). */
export function StepRow({
  step,
  busy,
  onDecide,
}: {
  step: RegisterStep;
  busy: boolean;
  onDecide?: (step: RegisterStep, decision: Decision) => void;
}) {
  const { t } = useTranslation('register-steps');
  const status = t(`${step.status}`);
  return (
    <Table.Row data-testid="register-step">
      <Table.Cell>{step.dataPointName}</Table.Cell>
      <Table.Cell whiteSpace="nowrap" data-label={t('between')}>
        {formatDate(step.from, true)} – {formatDate(step.to, true)}
      </Table.Cell>
      <Table.Cell data-label={t('happened')}>{happened(step, t)}</Table.Cell>
      <Table.Cell data-label={t('booked')}>{bookedAs(step, t)}</Table.Cell>
      <Table.Cell data-label={t('status')}>
        <Badge colorPalette={STATUS_PALETTE[step.status]}>{status}</Badge>
        {step.decidedBy ? (
          <Text fontSize="xs" color="fg.muted">
            {t('decidedBy', { status, name: step.decidedBy })}
          </Text>
        ) : null}
      </Table.Cell>
      {onDecide ? (
        <Table.Cell>
          <HStack gap="1">
            {CHOICES.map(({ decision, label, hint }) => (
              <Button
                key={decision}
                size="xs"
                variant={step.status === decision ? 'solid' : 'outline'}
                aria-pressed={step.status === decision}
                title={t(hint)}
                disabled={busy || step.status === decision}
                onClick={() => onDecide(step, decision)}
              >
                {t(label)}
              </Button>
            ))}
          </HStack>
        </Table.Cell>
      ) : null}
    </Table.Row>
  );
}
