import { Field, Fieldset, SimpleGrid } from '@chakra-ui/react';
import { TimeZoneInput } from '../../src/ui/time-zone-input';
import { columnOptions, sampleHelper } from './column-choices';
import { SelectField } from './fields';
import { TIMESTAMP_FORMATS, type TimestampFormat } from './mapping';
import type { DraftFieldsProps } from './use-mapping-step';

/** Where the time is, how it is written, and the zone its wall-clock times are read in. */
export function TimeFields({ draft, errors, set, columns, rows }: DraftFieldsProps) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend>Time</Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <SelectField
          label="Timestamp column"
          value={draft.timestampColumn}
          onChange={(value) => set('timestampColumn', value)}
          options={columnOptions(columns)}
          placeholder="Choose a column"
          error={errors.timestampColumn}
          required
        />
        <SelectField
          label="Time format"
          value={draft.format}
          onChange={(value) => set('format', value as TimestampFormat)}
          options={TIMESTAMP_FORMATS.map(({ format, label, example }) => ({
            value: format,
            label: `${label}, e.g. ${example}`,
          }))}
          helper={sampleHelper(columns, rows, draft.timestampColumn)}
          required
        />
        <Field.Root required invalid={Boolean(errors.timeZone)}>
          <Field.Label>
            Time zone
            <Field.RequiredIndicator />
          </Field.Label>
          <TimeZoneInput
            value={draft.timeZone}
            onChange={(zone) => set('timeZone', zone)}
            placeholder="Type to search, e.g. London"
          />
          <Field.HelperText>
            Wall-clock times in the file are read in this zone, daylight saving included. Times with an offset
            (Z, +01:00) and Unix times are exact already.
          </Field.HelperText>
          {errors.timeZone ? <Field.ErrorText>{errors.timeZone}</Field.ErrorText> : null}
        </Field.Root>
      </SimpleGrid>
    </Fieldset.Root>
  );
}
