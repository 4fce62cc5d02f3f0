import { Field, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenQuery } from '../../src/data/screen-query';
import type { WidgetProps } from '../../src/engine/widget-types';
import { api } from '../../src/generated/api-client';
import type { CostBucket, FindEntitiesResponse, PointCost, Tariff } from '../../src/generated/api-types';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { formatValue } from '../shared/format';
import { lastMonth, zonedMonth } from './zoned-month';

type Site = FindEntitiesResponse['entities'][number]['entity'];

/**
 * A site's month as its supplier's invoice would put it, meter by meter:
 * each window's consumption and charge, the standing and demand charges,
 * taxes and total, from the tariffs assigned to its meters.
 */
export default function BillEstimate({ data }: WidgetProps<'bill-estimate'>) {
  const { t } = useTranslation('bill-estimate');
  const state = fromQuery(
    useScreenQuery(
      'bill-estimate-places',
      () => Promise.all([api.findEntities({ type: 'site', limit: 200 }), api.getUserTariffs()]),
      undefined,
      { priced: true },
    ),
  );
  return (
    <Stack gap="4">
      {data.heading ? (
        <Text as="h2" textStyle="lg" fontWeight="semibold">
          {data.heading}
        </Text>
      ) : null}
      <Text textStyle="sm" color="fg.muted">
        {t('intro')}
      </Text>
      <DataState state={state} what={t('what')}>
        {([{ entities }, { tariffs }]) =>
          entities.length === 0 ? (
            <Text color="fg.muted">{t('noSites')}</Text>
          ) : (
            <SiteBill sites={entities.map(({ entity }) => entity)} tariffs={tariffs} />
          )
        }
      </DataState>
    </Stack>
  );
}

function SiteBill({ sites, tariffs }: { sites: Site[]; tariffs: Tariff[] }) {
  const { t } = useTranslation('bill-estimate');
  const [siteId, setSiteId] = useState((sites[0] as Site).id);
  const [month, setMonth] = useState(lastMonth());
  const site = sites.find((each) => each.id === siteId) ?? (sites[0] as Site);
  const range = zonedMonth(month, site.timeZone ?? 'UTC');
  const state = fromQuery(
    useScreenQuery(
      'bill-estimate',
      () => api.tariffCostAndTime({ entityId: site.id, ...range, bucket: 'month' }),
      `${site.id}|${month}`,
      { priced: true },
    ),
  );
  return (
    <Stack gap="4">
      <HStack gap="3" wrap="wrap" align="end">
        <Field.Root width="auto">
          <Field.Label>{t('site')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={site.id} onChange={(event) => setSiteId(Number(event.target.value))}>
              {sites.map((each) => (
                <option key={each.id} value={each.id}>
                  {each.name}
                </option>
              ))}
            </NativeSelect.Field>
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root width="auto">
          <Field.Label>{t('month')}</Field.Label>
          <Input
            size="sm"
            type="month"
            value={month}
            max={new Date().toISOString().slice(0, 7)}
            onChange={(event) => /^\d{4}-\d{2}$/.test(event.target.value) && setMonth(event.target.value)}
          />
        </Field.Root>
      </HStack>
      <DataState state={state} what={t('what')}>
        {({ points }) =>
          points.length === 0 ? (
            <Text color="fg.muted">{t('noMeters')}</Text>
          ) : (
            <Stack gap="5">
              {points.map((point) => (
                <MeterBill key={point.dataPointId} point={point} tariffs={tariffs} />
              ))}
              <GrandTotals points={points} />
            </Stack>
          )
        }
      </DataState>
    </Stack>
  );
}

/** One meter's invoice: its lines and total, or why it has none. */
function MeterBill({ point, tariffs }: { point: PointCost; tariffs: Tariff[] }) {
  const { t } = useTranslation('bill-estimate');
  const tariff = tariffs.find((each) => each.id === point.tariffId);
  if (point.tariffId === null || !point.currency) {
    return (
      <Stack gap="1" data-testid="meter-bill">
        <Text fontWeight="medium">{point.name}</Text>
        <Text textStyle="sm" color="fg.muted">
          {t('noTariff', { amount: formatValue(point.unpriced, point.unit, 0) })}
        </Text>
      </Stack>
    );
  }
  const money = (amount: number) => formatValue(amount, point.currency ?? '', 2);
  const month = sumBuckets(point.buckets);
  const taxes = Object.entries(month.taxes);
  const beforeTaxes = month.total - taxes.reduce((sum, [, amount]) => sum + amount, 0);
  return (
    <Stack gap="2" data-testid="meter-bill">
      <Stack gap="0">
        <Text fontWeight="medium">{point.name}</Text>
        {tariff ? (
          <Text textStyle="sm" color="fg.muted">
            {t('tariff', { name: tariff.name })}
          </Text>
        ) : null}
        {month.consumption === 0 ? (
          <Text textStyle="sm" color="fg.warning">
            {t('noReadings')}
          </Text>
        ) : null}
      </Stack>
      <Table.Root size="sm" aria-label={point.name}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('line')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('quantity')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('amount')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {Object.entries(month.energy).map(([window, amount]) => (
            <Table.Row key={window}>
              <Table.Cell>{t('window', { name: window })}</Table.Cell>
              <Table.Cell textAlign="end">{formatValue(month.use[window] ?? 0, point.unit, 0)}</Table.Cell>
              <Table.Cell textAlign="end">{money(amount)}</Table.Cell>
            </Table.Row>
          ))}
          {month.standing > 0 ? (
            <Table.Row>
              <Table.Cell>{t('standing')}</Table.Cell>
              <Table.Cell />
              <Table.Cell textAlign="end">{money(month.standing)}</Table.Cell>
            </Table.Row>
          ) : null}
          {month.demand > 0 ? (
            <Table.Row>
              <Table.Cell>{t('demand')}</Table.Cell>
              <Table.Cell textAlign="end">{formatValue(month.demandKw, 'kW', 1)}</Table.Cell>
              <Table.Cell textAlign="end">{money(month.demand)}</Table.Cell>
            </Table.Row>
          ) : null}
          {taxes.length > 0 ? (
            <Table.Row>
              <Table.Cell color="fg.muted">{t('subtotal')}</Table.Cell>
              <Table.Cell />
              <Table.Cell textAlign="end" color="fg.muted">
                {money(beforeTaxes)}
              </Table.Cell>
            </Table.Row>
          ) : null}
          {taxes.map(([name, amount]) => (
            <Table.Row key={name}>
              <Table.Cell>{name}</Table.Cell>
              <Table.Cell />
              <Table.Cell textAlign="end">{money(amount)}</Table.Cell>
            </Table.Row>
          ))}
          <Table.Row fontWeight="semibold">
            <Table.Cell>{t('total')}</Table.Cell>
            <Table.Cell textAlign="end">{formatValue(month.consumption, point.unit, 0)}</Table.Cell>
            <Table.Cell textAlign="end">{money(month.total)}</Table.Cell>
          </Table.Row>
        </Table.Body>
      </Table.Root>
      <Text textStyle="xs" color="fg.muted">
        {t('co2', { amount: formatValue(point.co2Kg, 'kg', 0) })}
        {point.unpriced > 0
          ? ` · ${t('unpriced', { amount: formatValue(point.unpriced, point.unit, 0) })}`
          : ''}
      </Text>
    </Stack>
  );
}

/** The month's buckets as one: a month bucket, or two where a version changed in it. */
function sumBuckets(buckets: CostBucket[]) {
  const add = (into: Record<string, number>, from: Record<string, number | undefined>) => {
    for (const [name, amount] of Object.entries(from)) into[name] = (into[name] ?? 0) + (amount ?? 0);
  };
  const month = {
    consumption: 0,
    energy: {} as Record<string, number>,
    use: {} as Record<string, number>,
    standing: 0,
    demand: 0,
    demandKw: 0,
    taxes: {} as Record<string, number>,
    total: 0,
  };
  for (const bucket of buckets) {
    month.consumption += bucket.consumption;
    add(month.energy, bucket.energy);
    add(month.use, bucket.use);
    month.standing += bucket.standing;
    month.demand += bucket.demand;
    month.demandKw = Math.max(month.demandKw, bucket.demandKw);
    add(month.taxes, bucket.taxes);
    month.total += bucket.total;
  }
  return month;
}

/** The site's total in each currency its meters are priced in. */
function GrandTotals({ points }: { points: PointCost[] }) {
  const { t } = useTranslation('bill-estimate');
  const byCurrency = new Map<string, number>();
  for (const point of points) {
    if (point.currency) byCurrency.set(point.currency, (byCurrency.get(point.currency) ?? 0) + point.total);
  }
  return (
    <Stack gap="1">
      {[...byCurrency].map(([currency, total]) => (
        <Text key={currency} fontWeight="semibold" data-testid="bill-total">
          {t('grandTotal', { total: formatValue(total, currency, 2) })}
        </Text>
      ))}
    </Stack>
  );
}
