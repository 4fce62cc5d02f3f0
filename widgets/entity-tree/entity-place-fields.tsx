import { Field, Input, SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { TimeZoneInput } from '../../src/ui/time-zone-input';
import { isTimeZone } from '../../src/ui/time-zones';
import type { EntityFormValues } from './entity-form';
import type { SetEntityField } from './use-entity-form';

/** Where the entity is and how large: address, coordinates, floor area, and a site's time zone. */
export function EntityPlaceFields({ values, set }: { values: EntityFormValues; set: SetEntityField }) {
  const { t } = useTranslation('entity-tree');
  return (
    <>
      <Field.Root>
        <Field.Label>{t('fields.address')}</Field.Label>
        <Input value={values.address} onChange={set('address')} maxLength={500} />
      </Field.Root>
      <SimpleGrid columns={2} gap="3">
        <Field.Root>
          <Field.Label>{t('fields.latitude')}</Field.Label>
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
          <Field.Label>{t('fields.longitude')}</Field.Label>
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
        <Field.Label>{t('fields.floorArea')}</Field.Label>
        <Input type="number" step="any" min={0} value={values.floorAreaM2} onChange={set('floorAreaM2')} />
      </Field.Root>
      {values.type === 'site' ? (
        <Field.Root required invalid={!isTimeZone(values.timeZone)}>
          <Field.Label>
            {t('fields.timeZone')} <Field.RequiredIndicator />
          </Field.Label>
          <TimeZoneInput
            value={values.timeZone}
            onChange={(zone) => set('timeZone')({ target: { value: zone } })}
            placeholder={t('fields.timeZonePlaceholder')}
          />
          <Field.HelperText>{t('fields.timeZoneHelp')}</Field.HelperText>
          <Field.ErrorText>{t('fields.timeZoneInvalid')}</Field.ErrorText>
        </Field.Root>
      ) : null}
    </>
  );
}
