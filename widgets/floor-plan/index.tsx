import { Button, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../src/auth/use-can';
import { useDayOfPoints, useFloorPlan, useFloorPlans, useSaveFloorPlan } from '../../src/data/floor-plans';
import { useInReport } from '../../src/data/page-period';
import type { WidgetProps } from '../../src/engine/widget-types';
import type { FloorPlan, FloorPlanPoint } from '../../src/generated/api-types';
import { cachedFormat } from '../../src/i18n/app-locale';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { notify } from '../../src/ui/toaster';
import { EmptyNotice } from '../shared/empty-notice';
import { NewPlanForm } from './new-plan-form';
import { useOrganisationPlaces, useOrganisationPoints } from './organisation-points';
import { PlacePointPicker } from './place-point-picker';
import { PlanActions } from './plan-actions';
import { PlanCanvas } from './plan-canvas';
import { usePlanDraft } from './plan-draft';
import { PlanList } from './plan-list';
import { replayedPlan, replayWindow } from './plan-replay';
import { PointDetails } from './point-details';
import { type Replay, ReplayBar } from './replay-bar';
import { ScaleFields } from './scale-fields';
import { ZoneForm } from './zone-form';

const DEFAULT_HEIGHT = 520;

/**
 * A floor plan with its points' latest values, live. With no plan named,
 * the organisation's plans are offered to choose from, and editors upload a
 * new one. Read as every data widget is, by whoever the API takes: a member,
 * or a report's print credential (a report can show a plan).
 */
export default function FloorPlanWidget(props: WidgetProps<'floor-plan'>) {
  return props.data.planId ? (
    <PlanById id={props.data.planId} height={props.data.height ?? DEFAULT_HEIGHT} />
  ) : (
    <PlanChooser height={props.data.height ?? DEFAULT_HEIGHT} />
  );
}

function PlanChooser({ height }: { height: number }) {
  const { t } = useTranslation('floor-plan');
  const inReport = useInReport();
  const canCreate = useCan('floorPlanCreate') && !inReport;
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
              <PlanById key={shown.id} id={shown.id} height={height} onDeleted={() => setChosen(undefined)} />
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

/** `onDeleted`: the plan was chosen from the list, which moves on when it is deleted; a plan named by the layout stays. */
function PlanById({ id, height, onDeleted }: { id: number; height: number; onDeleted?: () => void }) {
  const { t } = useTranslation('floor-plan');
  const state = fromQuery(useFloorPlan(id));
  return (
    <DataState state={state} what={t('what.plan')}>
      {({ plan }) => <PlanView plan={plan} height={height} onDeleted={onDeleted} />}
    </DataState>
  );
}

/** The plan, what is picked on it, the list of what it shows, and for editors what to place, draw and save. */
function PlanView({ plan, height, onDeleted }: { plan: FloorPlan; height: number; onDeleted?: () => void }) {
  const { t } = useTranslation('floor-plan');
  // On paper (a report), the plan and its list: nothing to edit, replay or pick.
  const inReport = useInReport();
  const canEdit = useCan('floorPlanUpdate') && !inReport;
  const save = useSaveFloorPlan();
  const draft = usePlanDraft(plan);
  const [selected, setSelected] = useState<string | undefined>();
  const [corners, setCorners] = useState<number[][] | undefined>();
  const [replay, setReplay] = useState<Replay | undefined>();
  const replayed = replay ? replayWindow(replay.day, replay.slot) : undefined;
  const day = useDayOfPoints(
    plan.points.map((point) => point.id),
    replayed,
  );
  const replayAt = replayed?.at;
  // While a day is replayed, the plan as it stood then; the live plan otherwise.
  const shownPlan = replayAt !== undefined && day.data ? replayedPlan(plan, day.data, replayAt) : plan;
  const number = cachedFormat(
    'floor-plan value',
    (locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }),
  );
  const valueText = (point: FloorPlanPoint) =>
    point.latest ? `${number.format(point.latest.value)} ${point.unit}`.trim() : t('noValue');
  const organisationPoints = useOrganisationPoints(draft.editing);
  const organisationPlaces = useOrganisationPlaces(draft.editing);
  const unsavedNames = new Map((organisationPoints.data ?? []).map((point) => [point.id, point.name]));
  const unsavedAssets = new Map(organisationPlaces.assets.map((asset) => [asset.id, asset.name]));
  const { markers } = draft.shown;
  const selectedMarker = markers.find((marker) => marker.key === selected);
  const selectedPoint = shownPlan.points.find((point) => point.id === selectedMarker?.dataPointId);

  const stop = () => {
    draft.stop();
    setCorners(undefined);
  };
  const store = () =>
    save.mutate(
      { id: plan.id, name: plan.name, ...draft.shown, baseRevision: plan.revision },
      {
        onSuccess: () => {
          stop();
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
          draft.editing ? (
            <HStack gap="2" wrap="wrap">
              <PlacePointPicker
                placed={markers}
                points={organisationPoints}
                assets={organisationPlaces.assets}
                onPick={(placed) => setSelected(draft.place(placed))}
              />
              <Button
                size="sm"
                variant="outline"
                onClick={() => setCorners([])}
                disabled={corners !== undefined}
              >
                {t('zone.draw')}
              </Button>
              <Button size="sm" variant="ghost" onClick={stop}>
                {t('edit.cancel')}
              </Button>
              <Button size="sm" onClick={store} loading={save.isPending} disabled={corners !== undefined}>
                {t('edit.save')}
              </Button>
            </HStack>
          ) : (
            <HStack gap="2" wrap="wrap">
              <Button
                size="sm"
                variant="outline"
                onClick={() => {
                  setReplay(undefined);
                  draft.start();
                }}
              >
                {t('edit.start')}
              </Button>
              <PlanActions plan={plan} onDeleted={onDeleted} />
            </HStack>
          )
        ) : null}
      </HStack>
      {draft.editing || inReport ? null : (
        <ReplayBar replay={replay} onChange={setReplay} loading={day.isFetching} />
      )}
      {day.isError ? (
        <Text fontSize="sm" color="fg.error" role="alert">
          {t('replay.failed', { message: day.error.message })}
        </Text>
      ) : null}
      {draft.editing ? (
        <Stack gap="2">
          <Text fontSize="sm" role="status">
            {corners ? t('zone.hint') : t('edit.hint')}
          </Text>
          {corners ? (
            <ZoneForm
              corners={corners}
              points={organisationPoints.data ?? []}
              places={organisationPlaces.places}
              onAdd={(zone) => {
                draft.addZone(zone);
                setCorners(undefined);
              }}
              onCancel={() => setCorners(undefined)}
            />
          ) : (
            <ScaleFields scale={draft.shown.colourScale} onChange={draft.setScale} />
          )}
        </Stack>
      ) : null}
      <PlanCanvas
        plan={shownPlan}
        at={replayAt}
        content={draft.shown}
        drawing={corners}
        onPlanClick={corners ? (x, y) => setCorners([...corners, [x, y]]) : undefined}
        editing={draft.editing}
        selected={selected}
        onSelect={setSelected}
        onMove={draft.move}
        height={height}
        valueText={valueText}
        unsavedNames={unsavedNames}
        unsavedAssets={unsavedAssets}
        zoomButtons={!inReport}
      />
      {selectedPoint ? (
        <PointDetails point={selectedPoint} valueText={valueText(selectedPoint)} />
      ) : inReport ? null : (
        <Text fontSize="sm" color="fg.muted">
          {t('details.pick')}
        </Text>
      )}
      <PlanList
        plan={shownPlan}
        at={replayAt}
        content={draft.shown}
        editing={draft.editing}
        selected={selected}
        onSelect={setSelected}
        onRemoveMarker={draft.removeMarker}
        onRemoveZone={draft.removeZone}
        valueText={valueText}
        unsavedNames={unsavedNames}
        unsavedAssets={unsavedAssets}
      />
    </Stack>
  );
}
