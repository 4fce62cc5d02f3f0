import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommentOnAlert, useSnoozeAlert } from '../../src/data/alerts';
import type { Alert } from '../../src/generated/api-types';
import { notify } from '../../src/ui/toaster';
import { ChoiceSelect } from '../shared/choice-select';
import { formatDate } from '../shared/format';

const SNOOZES = [60, 240, 1440] as const;

/**
 * An alert's history, oldest first (each change, acknowledgement, snooze and
 * comment, by whom), with a comment to add and, while it is open, a snooze.
 */
export function AlertHistory({ alert }: { alert: Alert }) {
  const { t } = useTranslation('alert-list');
  const comment = useCommentOnAlert();
  const snooze = useSnoozeAlert();
  const [text, setText] = useState('');
  const [minutes, setMinutes] = useState<number>(SNOOZES[0]);
  const failed = (error: Error) => notify.warning(error.message);
  const addComment = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    comment.mutate({ id: alert.id, text }, { onSuccess: () => setText(''), onError: failed });
  };
  return (
    <Stack gap="2" py="2" data-testid="alert-history">
      <Stack as="ol" gap="1" listStyleType="none" ps="0">
        {alert.events.map((event) => (
          <Text as="li" key={event.id} fontSize="sm">
            <Text as="span" color="fg.muted">
              {formatDate(event.at, true)}
            </Text>{' '}
            {t(`events.${event.kind}`)}
            {event.by ? ` · ${event.by}` : ''}
            {event.value !== null ? ` · ${event.value}` : ''}
            {event.text ? `: ${event.text}` : ''}
          </Text>
        ))}
      </Stack>
      <form onSubmit={addComment} aria-label={t('commentForm', { name: alert.ruleName })}>
        <HStack gap="2" maxW="lg">
          <Input
            size="sm"
            value={text}
            maxLength={2000}
            required
            aria-label={t('comment')}
            placeholder={t('commentPlaceholder')}
            onChange={(event) => setText(event.target.value)}
          />
          <Button size="sm" type="submit" variant="outline" loading={comment.isPending}>
            {t('addComment')}
          </Button>
        </HStack>
      </form>
      {alert.state !== 'resolved' ? (
        <HStack gap="2">
          <ChoiceSelect
            size="sm"
            width="auto"
            label={t('snoozeFor')}
            value={minutes}
            onChange={setMinutes}
            choices={SNOOZES.map((choice) => ({ value: choice, label: t(`snoozes.${choice}`) }))}
          />
          <Button
            size="sm"
            variant="outline"
            loading={snooze.isPending}
            onClick={() =>
              snooze.mutate(
                { id: alert.id, minutes },
                { onSuccess: () => notify.success(t('snoozed', { name: alert.ruleName })), onError: failed },
              )
            }
          >
            {t('snooze')}
          </Button>
          {alert.snoozedUntil ? (
            <Text fontSize="xs" color="fg.muted">
              {t('snoozedUntil', { until: formatDate(alert.snoozedUntil, true) })}
            </Text>
          ) : null}
        </HStack>
      ) : null}
    </Stack>
  );
}
