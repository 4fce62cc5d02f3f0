import { Button, Heading, Link, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { WidgetProps } from '../../src/engine/widget-types';
import { useAccountActions } from '../../src/session/account-actions';
import { FormField, formText } from '../shared/form-field';
import { FormStack } from '../shared/form-stack';

/** Ask for a reset code; the flow moves on to the page where it is entered. */
export default function ForgotPasswordForm({ data }: WidgetProps<'forgot-password-form'>) {
  const { forgotPassword } = useAccountActions();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    await forgotPassword(formText(event.currentTarget, 'email'));
    setBusy(false);
  };
  return (
    <FormStack onSubmit={submit} label="Reset your password">
      <Heading as="h1" size="lg">
        {data.heading ?? 'Forgot your password?'}
      </Heading>
      <Text color="fg.muted">
        Enter your e-mail address and we will send you a code to choose a new password.
      </Text>
      <FormField label="E-mail" name="email" type="email" autoComplete="username" required />
      <Button type="submit" colorPalette="brand" loading={busy}>
        Send code
      </Button>
      <Link asChild fontSize="sm">
        <RouterLink to="/auth/login">Back to sign in</RouterLink>
      </Link>
    </FormStack>
  );
}
