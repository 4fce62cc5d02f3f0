import { Button, Checkbox, Field, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  notificationChoicesQuery,
  useChooseNotifications,
  useSendTestMail,
} from '../../src/data/notification-choices';
import type { WidgetProps } from '../../src/engine/widget-types';
import type { NotificationChoices as Choices } from '../../src/generated/api-types';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { notify } from '../../src/ui/toaster';
import { ChoiceSelect } from '../shared/choice-select';

const MAIL_FROM = ['info', 'warning', 'critical', 'none'] as const;

/**
 * What of the alerts reaches the signed-in member by mail, theirs to
 * choose whatever their role: the bell shows every alert to everyone, the
 * mail only what each member asked for.
 */
export default function NotificationChoices({ data }: WidgetProps<'notification-choices'>) {
  const { t } = useTranslation('notification-choices');
  const heading = data.heading ?? t('heading');
  const choices = fromQuery(useQuery(notificationChoicesQuery()));
  return (
    <Stack as="section" aria-label={heading} gap="3">
      <Heading as="h2" size="md">
        {heading}
      </Heading>
      <DataState state={choices} what={t('what')}>
        {(answer) => <ChoicesForm initial={answer.choices} />}
      </DataState>
    </Stack>
  );
}

function ChoicesForm({ initial }: { initial: Choices }) {
  const { t } = useTranslation('notification-choices');
  const [choices, setChoices] = useState(initial);
  const choose = useChooseNotifications();
  const test = useSendTestMail();
  const sendTest = () =>
    test.mutate(undefined, {
      onSuccess: ({ sentTo }) => notify.success(t('tested', { email: sentTo })),
      onError: (error) => notify.warning(error.message),
    });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    choose.mutate(choices, {
      onSuccess: () => notify.success(t('saved')),
      onError: (error) => notify.warning(error.message),
    });
  };
  return (
    <form onSubmit={submit} aria-label={t('form')}>
      <Stack gap="3" maxW="xl">
        <Field.Root>
          <Field.Label>{t('mailFrom')}</Field.Label>
          <ChoiceSelect
            value={choices.mailFrom}
            onChange={(mailFrom) => setChoices({ ...choices, mailFrom })}
            choices={MAIL_FROM.map((value) => ({ value, label: t(`from.${value}`) }))}
          />
        </Field.Root>
        <Checkbox.Root
          checked={choices.mailDigest}
          disabled={choices.mailFrom === 'none'}
          onCheckedChange={({ checked }) => setChoices({ ...choices, mailDigest: checked === true })}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('digest')}</Checkbox.Label>
        </Checkbox.Root>
        <Text fontSize="xs" color="fg.muted">
          {t(choices.mailFrom === 'none' ? 'noneHint' : choices.mailDigest ? 'digestHint' : 'eachHint')}
        </Text>
        <HStack gap="2" wrap="wrap">
          <Button type="submit" size="sm" loading={choose.isPending}>
            {t('save')}
          </Button>
          <Button size="sm" variant="outline" loading={test.isPending} onClick={sendTest}>
            {t('test')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
