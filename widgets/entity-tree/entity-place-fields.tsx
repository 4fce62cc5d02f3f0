import { Field, Input, SimpleGrid, Skeleton } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useGeocoderAvailable } from '../../src/data/app-config';
import { TimeZoneInput } from '../../src/ui/time-zone-input';
import { isTimeZone } from '../../src/ui/time-zones';
import type { Coordinates } from '../shared/place-picker';
import { AddressLookup } from './address-lookup';
import type { EntityFormValues } from './entity-form';
import type { SetEntityField } from './use-entity-form';

/** The map comes with Leaflet, which the tree itself does not need: it is fetched when a form first opens. */
const PlacePicker = lazy(() => import('../shared/place-picker'));
const PICKER_HEIGHT = 220;

/**
 * Where the entity is and how large: address, coordinates (typed, clicked
 * on the map, or found from the address where the server has a geocoder),
 * floor area, and a site's time zone.
 */
export function EntityPlaceFields({ values, set }: { values: EntityFormValues; set: SetEntityField }) {
  const { t } = useTranslation('entity-tree');
  const geocoder = useGeocoderAvailable();
  const place = ({ latitude, longitude }: Coordinates) => {
    set('latitude')({ target: { value: String(latitude) } });
    set('longitude')({ target: { value: String(longitude) } });
  };
  return (
    <>
      <Field.Root>
        <Field.Label>{t('fields.address')}</Field.Label>
        <Input value={values.address} onChange={set('address')} maxLength={500} />
        {geocoder ? <AddressLookup address={values.address} onChoose={place} /> : null}
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
      <Suspense fallback={<Skeleton h={`${PICKER_HEIGHT}px`} borderRadius="md" />}>
        <PlacePicker
          latitude={values.latitude}
          longitude={values.longitude}
          onPick={place}
          height={PICKER_HEIGHT}
        />
      </Suspense>
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
