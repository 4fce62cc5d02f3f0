import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../src/api/api-failure';
import type { AlertSeverity, ChannelCreateRequest } from '../../src/generated/api-types';
import { SEVERITIES } from '../../src/ui/alert-severity';
import { ChoiceSelect } from '../shared/choice-select';

/**
 * A new webhook's name, address and least severity. A refusal the server
 * gives at a field (an address that is not http(s), or Insights itself) is
 * shown under that field, so the person sees what to change.
 */
export function ChannelForm({
  saving,
  error,
  onSave,
  onCancel,
}: {
  saving: boolean;
  error: Error | null;
  onSave: (fields: ChannelCreateRequest) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('alert-channels');
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [minSeverity, setMinSeverity] = useState<AlertSeverity>('warning');
  const issues = error instanceof ApiFailure ? (error.body?.issues ?? []) : [];
  const at = (pointer: string) => issues.find((issue) => issue.pointer === pointer)?.message;
  // Anything not said at a field (a refusal of the role, a server that failed) is said above the buttons.
  const unplaced = error && at('/name') === undefined && at('/url') === undefined ? error.message : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave({ name: name.trim(), url: url.trim(), minSeverity, enabled: true });
  };

  return (
    <form onSubmit={submit} aria-label={t('form.label')}>
      <Stack gap="3" borderWidth="1px" borderRadius="md" p="3">
        <Field.Root required invalid={at('/name') !== undefined}>
          <Field.Label>{t('form.name')}</Field.Label>
          <Input
            value={name}
            maxLength={200}
            placeholder={t('form.namePlaceholder')}
            onChange={(event) => setName(event.target.value)}
          />
          <Field.ErrorText>{at('/name')}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={at('/url') !== undefined}>
          <Field.Label>{t('form.url')}</Field.Label>
          <Input
            type="url"
            inputMode="url"
            value={url}
            maxLength={2000}
            placeholder={t('form.urlPlaceholder')}
            onChange={(event) => setUrl(event.target.value)}
          />
          {at('/url') ? (
            <Field.ErrorText>{at('/url')}</Field.ErrorText>
          ) : (
            <Field.HelperText>{t('form.urlHint')}</Field.HelperText>
          )}
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('form.minSeverity')}</Field.Label>
          <ChoiceSelect
            value={minSeverity}
            onChange={setMinSeverity}
            choices={SEVERITIES.map((severity) => ({ value: severity, label: t(`from.${severity}`) }))}
          />
        </Field.Root>
        {unplaced ? (
          <Text role="alert" fontSize="sm" color="fg.error">
            {unplaced}
          </Text>
        ) : null}
        <HStack gap="2" justify="end">
          <Button variant="ghost" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('form.create')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
