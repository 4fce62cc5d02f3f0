import { Button, Heading, HStack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { WidgetProps } from '../../src/engine/widget-types';
import { useAccountActions } from '../../src/session/account-actions';
import { amplifyAuth } from '../../src/session/amplify-setup';
import { notify } from '../../src/ui/toaster';
import { FormField, formText } from '../shared/form-field';
import { FormStack } from '../shared/form-stack';

/** The code from the e-mail confirms the account; the flow then signs in with the kept credentials. */
export default function ConfirmForm({ data }: WidgetProps<'confirm-form'>) {
  const { t } = useTranslation();
  const { confirm } = useAccountActions();
  const location = useLocation();
  const [email, setEmail] = useState<string>((location.state as { email?: string } | null)?.email ?? '');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    await confirm(formText(event.currentTarget, 'email'), formText(event.currentTarget, 'code'));
    setBusy(false);
  };
  const resend = async () => {
    try {
      const { resendSignUpCode } = await amplifyAuth();
      await resendSignUpCode({ username: email });
      notify.success(t('auth.confirm.resent'));
    } catch (error) {
      notify.warning((error as Error).message);
    }
  };

  return (
    <FormStack onSubmit={submit} label={t('auth.confirm.heading')}>
      <Heading as="h1" size="lg">
        {data.heading ?? t('auth.confirm.heading')}
      </Heading>
      <Text color="fg.muted">{t('auth.confirm.sent')}</Text>
      <FormField
        label={t('auth.email')}
        name="email"
        type="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        required
      />
      <FormField
        label={t('auth.code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
      />
      <HStack>
        <Button type="submit" colorPalette="brand" loading={busy}>
          {t('auth.confirm.submit')}
        </Button>
        <Button variant="ghost" onClick={resend} disabled={!email}>
          {t('auth.confirm.resend')}
        </Button>
      </HStack>
    </FormStack>
  );
}
