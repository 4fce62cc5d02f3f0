import { Button, Heading } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { WidgetProps } from '../../src/engine/widget-types';
import { useAccountActions } from '../../src/session/account-actions';
import { FormField, formPassword, formText } from '../shared/form-field';
import { FormStack } from '../shared/form-stack';

/** The e-mailed code and a new password; the flow signs in with it. */
export default function ResetPasswordForm({ data }: WidgetProps<'reset-password-form'>) {
  const { t } = useTranslation();
  const { submitNewPassword } = useAccountActions();
  const location = useLocation();
  const knownEmail = (location.state as { email?: string } | null)?.email ?? '';
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    await submitNewPassword(formText(form, 'email'), formText(form, 'code'), formPassword(form, 'password'));
    setBusy(false);
  };
  return (
    <FormStack onSubmit={submit} label={t('auth.reset.heading')}>
      <Heading as="h1" size="lg">
        {data.heading ?? t('auth.reset.heading')}
      </Heading>
      <FormField
        label={t('auth.email')}
        name="email"
        type="email"
        defaultValue={knownEmail}
        autoComplete="username"
        required
      />
      <FormField
        label={t('auth.code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
      />
      <FormField
        label={t('auth.newPassword')}
        name="password"
        type="password"
        autoComplete="new-password"
        required
      />
      <Button type="submit" colorPalette="brand" loading={busy}>
        {t('auth.reset.submit')}
      </Button>
    </FormStack>
  );
}
