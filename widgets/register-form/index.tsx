import { Alert, Button, Heading, Link, Text } from '@chakra-ui/react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { api } from '../../src/api/endpoints';
import type { WidgetProps } from '../../src/engine/widget-types';
import { useAccountActions } from '../../src/session/account-actions';
import { FormField, formPassword, formText } from '../shared/form-field';
import { FormStack } from '../shared/form-stack';

const PASSWORD_RULES = 'At least 8 characters, with upper and lower case letters, a number and a symbol.';

/** Register; with an invitation link it first says which organisation the invitation is for. */
export default function RegisterForm({ data }: WidgetProps<'register-form'>) {
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
    <FormStack onSubmit={submit} label="Create an account">
      <Heading as="h1" size="lg">
        {data.heading ?? 'Create an account'}
      </Heading>
      {invitation ? (
        <Alert.Root status={invitation.valid ? 'info' : 'warning'}>
          <Alert.Indicator />
          <Alert.Title>
            {invitation.valid
              ? `You are invited to join ${invitation.organisationName}. Register with ${invitation.email}.`
              : 'This invitation link is not valid any more; ask for a new one.'}
          </Alert.Title>
        </Alert.Root>
      ) : null}
      <FormField label="Full name" name="name" autoComplete="name" required />
      <FormField label="E-mail" name="email" type="email" autoComplete="email" required />
      <FormField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        helperText={PASSWORD_RULES}
        required
      />
      <Button type="submit" colorPalette="brand" loading={busy}>
        Create account
      </Button>
      <Text fontSize="sm">
        Already have an account?{' '}
        <Link asChild>
          <RouterLink to="/auth/login">Sign in</RouterLink>
        </Link>
      </Text>
    </FormStack>
  );
}

function useInvitation(token: string | undefined) {
  const [invitation, setInvitation] = useState<{
    valid: boolean;
    email?: string;
    organisationName?: string;
  }>();
  useEffect(() => {
    if (!token) return;
    api.preAuthorization(token).then(setInvitation, () => setInvitation({ valid: false }));
  }, [token]);
  return invitation;
}
