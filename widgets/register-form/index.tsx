import { Alert, Button, Heading, Link, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useInvitation } from '../../src/data/invitation';
import type { WidgetProps } from '../../src/engine/widget-types';
import { useAccountActions } from '../../src/session/account-actions';
import { FormField, formPassword, formText } from '../shared/form-field';
import { FormStack } from '../shared/form-stack';

/** Register; with an invitation link it first says which organisation the invitation is for. */
export default function RegisterForm({ data }: WidgetProps<'register-form'>) {
  const { t } = useTranslation();
  const { token } = useParams();
  const { register } = useAccountActions();
  const [busy, setBusy] = useState(false);
  const invitation = useInvitation(token);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    await register(formText(form, 'name'), formText(form, 'email'), formPassword(form, 'password'), token);
    setBusy(false);
  };

  return (
    <FormStack onSubmit={submit} label={t('auth.register.heading')}>
      <Heading as="h1" size="lg">
        {data.heading ?? t('auth.register.heading')}
      </Heading>
      {invitation ? (
        <Alert.Root status={invitation.valid ? 'info' : 'warning'}>
          <Alert.Indicator />
          <Alert.Title>
            {invitation.valid
              ? t('auth.register.invited', {
                  organisation: invitation.organisationName,
                  email: invitation.email,
                })
              : t('auth.register.invitationInvalid')}
          </Alert.Title>
        </Alert.Root>
      ) : null}
      <FormField label={t('auth.fullName')} name="name" autoComplete="name" required />
      <FormField label={t('auth.email')} name="email" type="email" autoComplete="email" required />
      <FormField
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        helperText={t('auth.register.passwordRules')}
        required
      />
      <Button type="submit" colorPalette="brand" loading={busy}>
        {t('auth.register.submit')}
      </Button>
      <Text fontSize="sm">
        {t('auth.register.haveAccount')}{' '}
        <Link asChild>
          <RouterLink to="/auth/login">{t('auth.register.signIn')}</RouterLink>
        </Link>
      </Text>
    </FormStack>
  );
}
