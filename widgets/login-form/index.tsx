import { Button, Heading, HStack, Link } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { WidgetProps } from '../../src/engine/widget-types';
import { useAccountActions } from '../../src/session/account-actions';
import { FormField, formPassword, formText } from '../shared/form-field';
import { FormStack } from '../shared/form-stack';

/** Sign in; on failure the flow shows 'Log In Failed!' with the pool's reason. */
export default function LoginForm({ data }: WidgetProps<'login-form'>) {
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
    <FormStack onSubmit={submit} label="Sign in">
      <Heading as="h1" size="lg">
        {data.heading ?? 'Sign in'}
      </Heading>
      <FormField label="E-mail" name="email" type="email" autoComplete="username" required />
      <FormField label="Password" name="password" type="password" autoComplete="current-password" required />
      <Button type="submit" colorPalette="brand" loading={busy}>
        Sign in
      </Button>
      <HStack justify="space-between" fontSize="sm">
        <Link asChild>
          <RouterLink to="/auth/forgot-password">Forgot password?</RouterLink>
        </Link>
        <Link asChild>
          <RouterLink to="/auth/register">Create an account</RouterLink>
        </Link>
      </HStack>
    </FormStack>
  );
}
