import { Button, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addressSearchQuery } from '../../src/data/address-search';
import { productLocale } from '../../src/i18n/app-locale';
import type { Coordinates } from '../shared/place-picker';

/**
 * Looks the address typed up with the server's geocoder and offers the places
 * it may mean; choosing one fills the coordinates in. Shown only where the
 * server has a geocoder (appConfig's `geocoder`).
 */
export function AddressLookup({
  address,
  onChoose,
}: {
  address: string;
  onChoose: (place: Coordinates) => void;
}) {
  const { t, i18n } = useTranslation('entity-tree');
  const [asked, setAsked] = useState<string>();
  const search = useQuery({
    ...addressSearchQuery({ address: asked ?? '', language: productLocale(i18n.language) }),
    enabled: asked !== undefined,
  });
  const wanted = address.trim();
  const listId = useId();
  return (
    <Stack gap="2" align="start">
      <Button
        size="xs"
        variant="outline"
        disabled={wanted === ''}
        loading={search.isFetching}
        loadingText={t('lookup.searching')}
        onClick={() => setAsked(wanted)}
      >
        {t('lookup.find')}
      </Button>
      {search.isError ? (
        <Text fontSize="sm" color="fg.error" role="alert">
          {t('lookup.failed')}
        </Text>
      ) : null}
      {search.data?.length === 0 ? (
        <Text fontSize="sm" color="fg.muted" role="status">
          {t('lookup.nothing', { address: asked })}
        </Text>
      ) : null}
      {search.data && search.data.length > 0 ? (
        <Stack gap="1" w="full">
          <Text fontSize="sm" id={listId}>
            {t('lookup.choose')}
          </Text>
          <Stack as="ul" gap="1" listStyleType="none" aria-labelledby={listId}>
            {search.data.map((place) => (
              <li key={`${place.latitude},${place.longitude}`}>
                <Button
                  size="xs"
                  variant="ghost"
                  justifyContent="start"
                  whiteSpace="normal"
                  textAlign="start"
                  h="auto"
                  py="1"
                  onClick={() => onChoose(place)}
                >
                  {place.label}
                </Button>
              </li>
            ))}
          </Stack>
        </Stack>
      ) : null}
    </Stack>
  );
}
