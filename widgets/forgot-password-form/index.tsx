import { Button, Heading, Link, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { WidgetProps } from '../../src/engine/widget-types';
import { useAccountActions } from '../../src/session/account-actions';
import { FormField, formText } from '../shared/form-field';
import { FormStack } from '../shared/form-stack';

/** Ask for a reset code; the flow moves on to the page where it is entered. */
export default function ForgotPasswordForm({ data }: WidgetProps<'forgot-password-form'>) {
  const { t } = useTranslation();
  const { forgotPassword } = useAccountActions();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    await forgotPassword(formText(event.currentTarget, 'email'));
    setBusy(false);
  };
  return (
    <FormStack onSubmit={submit} label={t('auth.forgot.heading')}>
      <Heading as="h1" size="lg">
        {data.heading ?? t('auth.forgot.heading')}
      </Heading>
      <Text color="fg.muted">{t('auth.forgot.explain')}</Text>
      <FormField label={t('auth.email')} name="email" type="email" autoComplete="username" required />
      <Button type="submit" colorPalette="brand" loading={busy}>
        {t('auth.forgot.submit')}
      </Button>
      <Link asChild fontSize="sm">
        <RouterLink to="/auth/login">{t('auth.forgot.back')}</RouterLink>
      </Link>
    </FormStack>
  );
}
