import { Button, Checkbox, Field, HStack, Input, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useMembers } from '../../src/data/members';
import { LOCALE_NAMES, type Locale } from '../../src/i18n/i18n';
import { ChoiceSelect } from '../shared/choice-select';

export interface MailChoice {
  /** Members chosen, by id, with how the list names them. */
  members: { userId: string; label: string }[];
  /** Addresses as typed, separated by commas. */
  addresses: string;
  language: Locale;
  attachPdf: boolean;
}

/** Nobody chosen yet, in the product's language, the PDF linked only. */
export const NO_MAIL: MailChoice = { members: [], addresses: '', language: 'en-US', attachPdf: false };

/**
 * Whom a scheduled report is mailed to (members picked, addresses typed,
 * in a language) and whether the PDF goes with it. `taken`: members the
 * report has already, not offered again.
 */
export function MailFields({
  scheduled,
  value,
  onChange,
  taken = [],
}: {
  /** Only a scheduled report is mailed: without a schedule the fields are off. */
  scheduled: boolean;
  value: MailChoice;
  onChange: (value: MailChoice) => void;
  taken?: readonly string[];
}) {
  const { t } = useTranslation('report-list');
  const members = useMembers();
  const chosen = new Set([...taken, ...value.members.map((member) => member.userId)]);
  const offered = (members.data?.users ?? []).filter((member) => !chosen.has(member.id));
  const pick = (userId: string) => {
    const member = offered.find((each) => each.id === userId);
    if (member)
      onChange({
        ...value,
        members: [...value.members, { userId, label: `${member.name} <${member.email}>` }],
      });
  };
  return (
    <>
      {members.isError ? (
        <Text fontSize="sm" color="fg.warning" role="alert">
          {t('form.membersUnread', { message: members.error.message })}
        </Text>
      ) : null}
      {value.members.length > 0 && scheduled ? (
        <HStack gap="2" wrap="wrap" as="ul" listStyleType="none" aria-label={t('form.membersChosen')}>
          {value.members.map((member) => (
            <HStack as="li" key={member.userId} gap="1" borderWidth="1px" borderRadius="full" ps="2">
              <Text fontSize="sm">{member.label}</Text>
              <Button
                size="2xs"
                variant="ghost"
                aria-label={t('settings.remove', { who: member.label })}
                onClick={() =>
                  onChange({
                    ...value,
                    members: value.members.filter((each) => each.userId !== member.userId),
                  })
                }
              >
                ×
              </Button>
            </HStack>
          ))}
        </HStack>
      ) : null}
      <HStack gap="3" wrap="wrap" align="start">
        <Field.Root width="auto" minW="56" disabled={!scheduled || offered.length === 0}>
          <Field.Label>{t('form.member')}</Field.Label>
          <ChoiceSelect
            choices={[
              { value: '', label: t('form.memberPick', { count: offered.length }) },
              ...offered.map((member) => ({ value: member.id, label: `${member.name} <${member.email}>` })),
            ]}
            value=""
            onChange={pick}
          />
        </Field.Root>
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
