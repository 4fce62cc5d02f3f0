import { Checkbox, Field, HStack, Input } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES, type Locale } from '../../src/i18n/i18n';
import { ChoiceSelect } from '../shared/choice-select';

export interface MailChoice {
  /** Addresses as typed, separated by commas. */
  addresses: string;
  language: Locale;
  attachPdf: boolean;
}

/** Whom a scheduled report is mailed to (addresses typed, in a language) and whether the PDF goes with it. */
export function MailFields({
  scheduled,
  value,
  onChange,
}: {
  /** Only a scheduled report is mailed: without a schedule the fields are off. */
  scheduled: boolean;
  value: MailChoice;
  onChange: (value: MailChoice) => void;
}) {
  const { t } = useTranslation('report-list');
  return (
    <>
      <HStack gap="3" wrap="wrap" align="start">
        <Field.Root flex="1" minW="64" disabled={!scheduled}>
          <Field.Label>{t('form.recipients')}</Field.Label>
          <Input
            name="recipients"
            type="text"
            inputMode="email"
            value={scheduled ? value.addresses : ''}
            maxLength={2_000}
            placeholder={t('form.recipientsPlaceholder')}
            onChange={(event) => onChange({ ...value, addresses: event.target.value })}
          />
          <Field.HelperText>
            {scheduled ? t('form.recipientsHint') : t('form.recipientsNeedSchedule')}
          </Field.HelperText>
        </Field.Root>
        <Field.Root width="auto" minW="36" disabled={!scheduled}>
          <Field.Label>{t('form.language')}</Field.Label>
          <ChoiceSelect
            choices={Object.entries(LOCALE_NAMES).map(([locale, label]) => ({
              value: locale as Locale,
              label,
            }))}
            value={value.language}
            onChange={(language) => onChange({ ...value, language })}
          />
        </Field.Root>
      </HStack>
      <Checkbox.Root
        checked={scheduled && value.attachPdf}
        disabled={!scheduled}
        onCheckedChange={(details) => onChange({ ...value, attachPdf: details.checked === true })}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('form.attachPdf')}</Checkbox.Label>
      </Checkbox.Root>
    </>
  );
}
