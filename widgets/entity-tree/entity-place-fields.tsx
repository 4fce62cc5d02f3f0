import { Field, Input, SimpleGrid } from '@chakra-ui/react';
import { TimeZoneInput } from '../../src/ui/time-zone-input';
import { isTimeZone } from '../../src/ui/time-zones';
import type { EntityFormValues } from './entity-form';
import type { SetEntityField } from './use-entity-form';

/** Where the entity is and how large: address, coordinates, floor area, and a site's time zone. */
export function EntityPlaceFields({ values, set }: { values: EntityFormValues; set: SetEntityField }) {
  return (
    <>
      <Field.Root>
        <Field.Label>Address</Field.Label>
        <Input value={values.address} onChange={set('address')} maxLength={500} />
      </Field.Root>
      <SimpleGrid columns={2} gap="3">
        <Field.Root>
          <Field.Label>Latitude</Field.Label>
          <Input
            type="number"
            step="any"
            min={-90}
            max={90}
            value={values.latitude}
            onChange={set('latitude')}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>Longitude</Field.Label>
          <Input
            type="number"
            step="any"
            min={-180}
            max={180}
            value={values.longitude}
            onChange={set('longitude')}
          />
        </Field.Root>
      </SimpleGrid>
      <Field.Root>
        <Field.Label>Floor area (m²)</Field.Label>
        <Input type="number" step="any" min={0} value={values.floorAreaM2} onChange={set('floorAreaM2')} />
      </Field.Root>
      {values.type === 'site' ? (
        <Field.Root required invalid={!isTimeZone(values.timeZone)}>
          <Field.Label>
            Time zone <Field.RequiredIndicator />
          </Field.Label>
          <TimeZoneInput
            value={values.timeZone}
            onChange={(zone) => set('timeZone')({ target: { value: zone } })}
            placeholder="Type to search, e.g. London"
          />
          <Field.HelperText>Everything in the site keeps this time.</Field.HelperText>
          <Field.ErrorText>Choose a time zone from the list, e.g. Europe/London or UTC.</Field.ErrorText>
        </Field.Root>
      ) : null}
    </>
  );
}
