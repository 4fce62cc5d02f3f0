import { Button, Heading, Text } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../src/engine/widget-types';
import { useAccountActions } from '../../src/session/account-actions';
import { sessionAtom } from '../../src/session/session-atoms';
import { FormField, formPassword, formText } from '../shared/form-field';
import { FormStack } from '../shared/form-stack';

/** The lock screen: whoever was signed in enters their password again to carry on. */
export default function LockscreenForm({ data }: WidgetProps<'lockscreen-form'>) {
  const { t } = useTranslation();
  const session = useAtomValue(sessionAtom);
  const { login } = useAccountActions();
  const [busy, setBusy] = useState(false);
  const known = session.status === 'authorised' ? session.user : undefined;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    await login(known?.email ?? formText(form, 'email'), formPassword(form, 'password'));
    setBusy(false);
  };
  return (
    <FormStack onSubmit={submit} label={t('auth.lock.submit')}>
      <Heading as="h1" size="lg">
        {data.heading ?? t('auth.lock.heading')}
      </Heading>
      {known ? (
        <Text>{t('auth.lock.carryOn', { name: known.name })}</Text>
      ) : (
        <FormField label={t('auth.email')} name="email" type="email" required />
      )}
      <FormField
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
      />
      <Button type="submit" colorPalette="brand" loading={busy}>
        {t('auth.lock.submit')}
      </Button>
    </FormStack>
  );
}
