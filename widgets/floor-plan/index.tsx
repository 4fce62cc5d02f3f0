import { Badge, Button, HStack, Link, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useCan } from '../../src/auth/use-can';
import { useFloorPlan, useFloorPlans, useSaveFloorPlan } from '../../src/data/floor-plans';
import type { WidgetProps } from '../../src/engine/widget-types';
import type { FloorPlan, FloorPlanMarker, FloorPlanPoint } from '../../src/generated/api-types';
import { cachedFormat } from '../../src/i18n/app-locale';
import { sessionAtom } from '../../src/session/session-atoms';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { notify } from '../../src/ui/toaster';
import { EmptyNotice } from '../shared/empty-notice';
import { NewPlanForm } from './new-plan-form';
import { PlacePointPicker } from './place-point-picker';
import { PlanCanvas } from './plan-canvas';
import { pointLook } from './plan-colours';

const DEFAULT_HEIGHT = 520;

/**
 * A floor plan with its points' latest values, live. Members only: a plan
 * is the organisation's. With no plan named, the organisation's plans are
 * offered to choose from, and editors upload a new one.
 */
export default function FloorPlanWidget(props: WidgetProps<'floor-plan'>) {
  const session = useAtomValue(sessionAtom);
  if (session.status !== 'authorised' || session.user.organisationId === null) return null;
  return props.data.planId ? (
    <PlanById id={props.data.planId} height={props.data.height ?? DEFAULT_HEIGHT} />
  ) : (
    <PlanChooser height={props.data.height ?? DEFAULT_HEIGHT} />
  );
}

function PlanChooser({ height }: { height: number }) {
  const { t } = useTranslation('floor-plan');
  const canCreate = useCan('floorPlanCreate');
  const state = fromQuery(useFloorPlans());
  const [chosen, setChosen] = useState<number | undefined>();
  return (
    <DataState state={state} what={t('what.list')}>
      {({ plans }) => {
        const shown = plans.find((plan) => plan.id === chosen) ?? plans[0];
        return (
          <Stack gap="4">
            <HStack gap="3" wrap="wrap" align="end">
              {plans.length > 0 ? (
                <NativeSelect.Root size="sm" width="auto" minW="64">
                  <NativeSelect.Field
                    aria-label={t('choose')}
                    value={shown?.id ?? ''}
                    onChange={(event) => setChosen(Number(event.currentTarget.value))}
                  >
                    {plans.map((plan) => (
                      <option key={plan.id} value={plan.id}>
                        {plan.placePath} — {plan.name}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              ) : null}
              {canCreate ? <NewPlanForm onCreated={(id) => setChosen(id)} /> : null}
            </HStack>
            {shown ? (
              <PlanById key={shown.id} id={shown.id} height={height} />
            ) : (
              <EmptyNotice
                title={t('empty.title')}
                description={canCreate ? t('empty.editor') : t('empty.viewer')}
              />
            )}
          </Stack>
        );
      }}
    </DataState>
  );
}

function PlanById({ id, height }: { id: number; height: number }) {
  const { t } = useTranslation('floor-plan');
  const state = fromQuery(useFloorPlan(id));
  return (
    <DataState state={state} what={t('what.plan')}>
      {({ plan }) => <PlanView plan={plan} height={height} />}
    </DataState>
  );
}

/** The plan, the list of what it shows, and for editors the markers to place and move. */
function PlanView({ plan, height }: { plan: FloorPlan; height: number }) {
  const { t, i18n } = useTranslation('floor-plan');
  const canEdit = useCan('floorPlanUpdate');
  const save = useSaveFloorPlan();
  const [draft, setDraft] = useState<FloorPlanMarker[] | undefined>();
  const [selected, setSelected] = useState<string | undefined>();
  const editing = draft !== undefined;
  const markers = draft ?? plan.markers;
  const number = cachedFormat(
    'floor-plan value',
    (locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }),
  );
  const valueText = (point: FloorPlanPoint) =>
    point.latest ? `${number.format(point.latest.value)} ${point.unit}`.trim() : t('noValue');
  const points = new Map(plan.points.map((point) => [point.id, point]));

  const move = (key: string, x: number, y: number) =>
    setDraft((markers ?? plan.markers).map((marker) => (marker.key === key ? { ...marker, x, y } : marker)));
  const place = (dataPointId: number) => {
    const key = `p${dataPointId}-${Date.now().toString(36)}`;
    setDraft([...markers, { key, x: 0.5, y: 0.5, dataPointId }]);
    setSelected(key);
  };
  const remove = (key: string) => setDraft(markers.filter((marker) => marker.key !== key));
  const store = () =>
    save.mutate(
      {
        id: plan.id,
        name: plan.name,
        markers,
        zones: plan.zones,
        colourScale: plan.colourScale,
        baseRevision: plan.revision,
      },
      {
        onSuccess: () => {
          setDraft(undefined);
          notify.success(t('saved', { name: plan.name }));
        },
        onError: (error) => notify.warning(error.message),
      },
    );

  return (
    <Stack gap="3" data-testid="floor-plan">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontSize="sm" color="fg.muted">
          {plan.placePath}
        </Text>
        {canEdit ? (
          editing ? (
            <HStack gap="2" wrap="wrap">
              <PlacePointPicker placed={markers} onPick={place} />
              <Button size="sm" variant="ghost" onClick={() => setDraft(undefined)}>
                {t('edit.cancel')}
              </Button>
              <Button size="sm" onClick={store} loading={save.isPending}>
                {t('edit.save')}
              </Button>
            </HStack>
          ) : (
            <Button size="sm" variant="outline" onClick={() => setDraft(plan.markers)}>
              {t('edit.start')}
            </Button>
          )
        ) : null}
      </HStack>
      {editing ? (
        <Text fontSize="sm" role="status">
          {t('edit.hint')}
        </Text>
      ) : null}
      <PlanCanvas
        plan={plan}
        markers={markers}
        editing={editing}
        selected={selected}
        onSelect={setSelected}
        onMove={move}
        height={height}
        valueText={valueText}
      />
      <Table.Root size="sm" aria-label={t('list.label', { name: plan.name })}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('list.point')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('list.value')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('list.state')}</Table.ColumnHeader>
            {editing ? <Table.ColumnHeader /> : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {markers.map((marker) => {
            const point = marker.dataPointId ? points.get(marker.dataPointId) : undefined;
            const asset = plan.assets.find((each) => each.id === marker.assetId);
            const look = pointLook(point, plan.colourScale, Date.now());
            return (
              <Table.Row
                key={marker.key}
                data-testid={`marker-${marker.key}`}
                bg={marker.key === selected ? 'bg.emphasized' : undefined}
                onClick={() => setSelected(marker.key)}
              >
                <Table.Cell>
                  {point ? (
                    <Link asChild>
                      <RouterLink to={`/data/explorer?points=${point.id}&range=today`}>
                        {point.name}
                      </RouterLink>
                    </Link>
                  ) : (
                    (asset?.name ?? t('marker.unknown'))
                  )}
                </Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {point ? valueText(point) : '–'}
                </Table.Cell>
                <Table.Cell>
                  {point ? (
                    <Badge
                      variant="subtle"
                      style={{ borderInlineStart: `4px solid ${look.colour}` }}
                      title={
                        point.latest ? new Date(point.latest.time).toLocaleString(i18n.language) : undefined
                      }
                    >
                      {look.stale
                        ? t('state.stale')
                        : point.alert
                          ? t(`state.${point.alert.state}`, {
                              severity: t(`severity.${point.alert.severity}`),
                            })
                          : point.latest
                            ? t('state.normal')
                            : t('state.none')}
                    </Badge>
                  ) : null}
                </Table.Cell>
                {editing ? (
                  <Table.Cell textAlign="end">
                    <Button size="xs" variant="ghost" colorPalette="red" onClick={() => remove(marker.key)}>
                      {t('edit.remove')}
                    </Button>
                  </Table.Cell>
                ) : null}
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}
