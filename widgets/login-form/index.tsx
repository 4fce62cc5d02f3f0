import { Button, Heading, HStack, Link } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { WidgetProps } from '../../src/engine/widget-types';
import { useAccountActions } from '../../src/session/account-actions';
import { FormField, formPassword, formText } from '../shared/form-field';
import { FormStack } from '../shared/form-stack';

/** Sign in; on failure the flow shows 'Log In Failed!' with the pool's reason. */
export default function LoginForm({ data }: WidgetProps<'login-form'>) {
  const { t } = useTranslation();
  const { login } = useAccountActions();
  const { token } = useParams();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    await login(formText(event.currentTarget, 'email'), formPassword(event.currentTarget, 'password'), token);
    setBusy(false);
  };
  return (
    <FormStack onSubmit={submit} label={t('auth.login.heading')}>
      <Heading as="h1" size="lg">
        {data.heading ?? t('auth.login.heading')}
      </Heading>
      <FormField label={t('auth.email')} name="email" type="email" autoComplete="username" required />
      <FormField
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
      />
      <Button type="submit" colorPalette="brand" loading={busy}>
        {t('auth.login.submit')}
      </Button>
      <HStack justify="space-between" fontSize="sm">
        <Link asChild>
          <RouterLink to="/auth/forgot-password">{t('auth.login.forgot')}</RouterLink>
        </Link>
        <Link asChild>
          <RouterLink to="/auth/register">{t('auth.login.register')}</RouterLink>
        </Link>
      </HStack>
    </FormStack>
  );
}
