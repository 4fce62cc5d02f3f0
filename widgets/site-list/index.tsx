import { Button, Heading, Link, Stack, Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useSites } from '../../src/data/places';
import type { WidgetProps } from '../../src/engine/widget-types';
import type { SitesResponse } from '../../src/generated/api-types';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { EmptyNotice } from '../shared/empty-notice';
import { formatValue } from '../shared/format';
import { PlacesMap } from '../shared/places-map';
import { STACKED_ROWS_WHEN_NARROW, STACKING_CONTAINER } from '../shared/stacked-rows';

/** The organisation's sites in a table, with a map of them all. */
export default function SiteList({ data }: WidgetProps<'site-list'>) {
  const { t } = useTranslation('site-list');
  // One of the places' queries: a site added, changed or deleted anywhere refreshes it.
  const state = fromQuery(useSites());
  return (
    <Stack gap="4">
      <Heading as="h2" size="md">
        {data.heading ?? t('heading')}
      </Heading>
      <DataState state={state} what={t('what')}>
        {({ sites }) =>
          sites.length === 0 ? (
            <NoSites />
          ) : (
            <Stack gap="4">
              {data.showMap === false ? null : (
                <PlacesMap
                  markers={sites.map(({ entity }) => ({
                    label: entity.name,
                    lat: entity.latitude,
                    lng: entity.longitude,
                  }))}
                />
              )}
              <SiteTable sites={sites} />
            </Stack>
          )
        }
      </DataState>
    </Stack>
  );
}

function SiteTable({ sites }: { sites: SitesResponse['sites'] }) {
  const { t } = useTranslation('site-list');
  return (
    <Table.ScrollArea css={STACKING_CONTAINER}>
      <Table.Root size="sm" css={STACKED_ROWS_WHEN_NARROW}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('columns.site')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('columns.address')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('columns.floorArea')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('columns.timeZone')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('columns.places')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('columns.dataPoints')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {sites.map(({ entity, entityCount }) => (
            <Table.Row key={entity.id}>
              <Table.Cell>
                <Link asChild>
                  <RouterLink to={`/sites/${entity.id}`}>{entity.name}</RouterLink>
                </Link>
              </Table.Cell>
              <Table.Cell data-label={t('columns.address')}>{entity.address ?? '–'}</Table.Cell>
              <Table.Cell textAlign="end" data-label={t('columns.floorArea')}>
                {formatValue(entity.floorAreaM2, 'm²')}
              </Table.Cell>
              <Table.Cell data-label={t('columns.timeZone')}>{entity.timeZone ?? '–'}</Table.Cell>
              <Table.Cell textAlign="end" data-label={t('columns.places')}>
                {entityCount}
              </Table.Cell>
              <Table.Cell textAlign="end" data-label={t('columns.dataPoints')}>
                {entity.dataPointCount}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** An empty organisation is told so, and sent to where sites are added. */
function NoSites() {
  const { t } = useTranslation('site-list');
  return (
    <EmptyNotice role="status" title={t('empty.title')} description={t('empty.description')}>
      <Button asChild size="sm" colorPalette="brand">
        <RouterLink to="/sites">{t('empty.action')}</RouterLink>
      </Button>
    </EmptyNotice>
  );
}
