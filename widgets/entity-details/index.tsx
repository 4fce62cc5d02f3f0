import { Breadcrumb, DataList, Heading, HStack, Image, Link, Stack, Text } from '@chakra-ui/react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { usePlace } from '../../src/data/places';
import type { WidgetProps } from '../../src/engine/widget-types';
import type { SiteResponse } from '../../src/generated/api-types';
import { useAddressName } from '../../src/ui/address-names';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { formatCount, formatValue } from '../shared/format';
import { PlacesMap } from '../shared/places-map';

/** The spec's default zoom for a site map. */
const DEFAULT_ZOOM = 11;

/** The entity the page's entityId names: path, fields, picture, map, what is under it. */
export default function EntityDetails({ data }: WidgetProps<'entity-details'>) {
  const { t } = useTranslation('entity-details');
  const entityId = Number(useParams().entityId) || null;
  if (entityId === null) {
    return <Text color="fg.muted">{t('chooseOne')}</Text>;
  }
  return <Details entityId={entityId} zoom={data.zoom ?? DEFAULT_ZOOM} />;
}

function Details({ entityId, zoom }: { entityId: number; zoom: number }) {
  const { t } = useTranslation('entity-details');
  const state = fromQuery(usePlace(entityId));
  return (
    <DataState state={state} what={t('what')}>
      {(site) => <Shown site={site} zoom={zoom} />}
    </DataState>
  );
}

function Shown({ site, zoom }: { site: SiteResponse; zoom: number }) {
  const { t } = useTranslation('entity-details');
  const { entity, path, children, ownDataPointCount } = site;
  useAddressName(`/sites/${entity.id}`, entity.name);
  return (
    <Stack gap="5">
      <Breadcrumb.Root>
        <Breadcrumb.List>
          {/* The separator is a list item of its own: beside the item, never inside it. */}
          {path.map((crumb) => (
            <Fragment key={crumb.id}>
              <Breadcrumb.Item>
                <Breadcrumb.Link asChild>
                  <RouterLink to={`/sites/${crumb.id}`}>{crumb.name}</RouterLink>
                </Breadcrumb.Link>
              </Breadcrumb.Item>
              <Breadcrumb.Separator />
            </Fragment>
          ))}
          <Breadcrumb.Item>
            <Breadcrumb.CurrentLink>{entity.name}</Breadcrumb.CurrentLink>
          </Breadcrumb.Item>
        </Breadcrumb.List>
      </Breadcrumb.Root>
      <HStack align="start" gap="6" wrap="wrap">
        <Stack gap="3" flex="1" minW="60">
          <Heading as="h2" size="lg">
            {entity.name}
          </Heading>
          <DataList.Root orientation="horizontal" size="sm">
            <Field label={t('fields.type')} value={t(`typeNames.${entity.type}`)} />
            <Field label={t('fields.address')} value={entity.address ?? '–'} />
            <Field
              label={t('fields.location')}
              value={
                entity.latitude === null || entity.longitude === null
                  ? '–'
                  : `${entity.latitude}, ${entity.longitude}`
              }
            />
            <Field label={t('fields.floorArea')} value={formatValue(entity.floorAreaM2, 'm²')} />
            <Field label={t('fields.timeZone')} value={entity.timeZone ?? '–'} />
            <Field label={t('fields.tags')} value={entity.tags.length > 0 ? entity.tags.join(', ') : '–'} />
            <Field
              label={t('fields.dataPoints')}
              value={t(`dataPointCounts.${entity.type}`, {
                all: formatCount(entity.dataPointCount),
                own: formatCount(ownDataPointCount),
              })}
            />
          </DataList.Root>
        </Stack>
        {entity.image ? (
          <Image src={`/files/${entity.image}`} alt={entity.name} maxW="64" maxH="48" borderRadius="md" />
        ) : null}
      </HStack>
      <PlacesMap
        markers={[{ label: entity.name, lat: entity.latitude, lng: entity.longitude }]}
        zoom={zoom}
      />
      <Stack gap="2">
        <Heading as="h3" size="sm">
          {t('inside', { name: entity.name })}
        </Heading>
        {children.length === 0 ? (
          <Text color="fg.muted">{t('nothingYet')}</Text>
        ) : (
          <Stack as="ul" gap="1" ps="4">
            {children.map((child) => (
              <li key={child.id}>
                <Link asChild>
                  <RouterLink to={`/sites/${child.id}`}>{child.name}</RouterLink>
                </Link>{' '}
                <Text as="span" color="fg.muted" fontSize="sm">
                  {t('child', {
                    type: t(`typeNames.${child.type}`),
                    count: child.dataPointCount,
                    number: formatCount(child.dataPointCount),
                  })}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value}</DataList.ItemValue>
    </DataList.Item>
  );
}
