import { Field, Fieldset, SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { TimeZoneInput } from '../../src/ui/time-zone-input';
import { columnOptions, sampleHelper } from './column-choices';
import { SelectField } from './fields';
import { TIMESTAMP_FORMATS, type TimestampFormat } from './mapping';
import type { DraftFieldsProps } from './use-mapping-step';

/** Where the time is, how it is written, and the zone its wall-clock times are read in. */
export function TimeFields({ draft, errors, set, columns, rows }: DraftFieldsProps) {
  const { t } = useTranslation('meter-import');
  return (
    <Fieldset.Root>
      <Fieldset.Legend>{t('time.legend')}</Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <SelectField
          label={t('time.column')}
          value={draft.timestampColumn}
          onChange={(value) => set('timestampColumn', value)}
          options={columnOptions(columns, t)}
          placeholder={t('mapping.chooseColumn')}
          error={errors.timestampColumn}
          required
        />
        <SelectField
          label={t('time.format')}
          value={draft.format}
          onChange={(value) => set('format', value as TimestampFormat)}
          options={TIMESTAMP_FORMATS.map((entry) => ({
            value: entry.format,
            label: t('time.formatOption', {
              label: 'label' in entry ? entry.label : t(`time.formats.${entry.labelKey}`),
              example: entry.example,
            }),
          }))}
          helper={sampleHelper(columns, rows, draft.timestampColumn, t)}
          required
        />
        <Field.Root required invalid={Boolean(errors.timeZone)}>
          <Field.Label>
            {t('time.zone')}
            <Field.RequiredIndicator />
          </Field.Label>
          <TimeZoneInput
            value={draft.timeZone}
            onChange={(zone) => set('timeZone', zone)}
            placeholder={t('time.zonePlaceholder')}
          />
          <Field.HelperText>{t('time.zoneHelp')}</Field.HelperText>
          {errors.timeZone ? <Field.ErrorText>{errors.timeZone}</Field.ErrorText> : null}
        </Field.Root>
      </SimpleGrid>
    </Fieldset.Root>
  );
}
