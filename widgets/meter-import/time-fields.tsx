import { Field, Fieldset, Input, SimpleGrid } from '@chakra-ui/react';
import { useMemo } from 'react';
import { columnOptions, sampleHelper } from './column-choices';
import { SelectField } from './fields';
import { TIMESTAMP_FORMATS, type TimestampFormat, timeZoneNames } from './mapping';
import type { DraftFieldsProps } from './use-mapping-step';

const TIME_ZONE_LIST_ID = 'meter-import-time-zones';

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
          <Input
            value={draft.timeZone}
            onChange={(event) => set('timeZone', event.currentTarget.value)}
            list={TIME_ZONE_LIST_ID}
            autoComplete="off"
            spellCheck={false}
            placeholder="Type to search, e.g. London"
          />
          <TimeZoneList />
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

/** A datalist is a searchable list every browser offers, with no custom widget to learn. */
function TimeZoneList() {
  const zones = useMemo(timeZoneNames, []);
  return (
    <datalist id={TIME_ZONE_LIST_ID}>
      {zones.map((zone) => (
        <option key={zone} value={zone} />
      ))}
    </datalist>
  );
}
