import { Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../src/auth/use-can';
import { useScreenMutation } from '../../src/data/screen-mutation';
import { useScreenQuery } from '../../src/data/screen-query';
import type { WidgetProps } from '../../src/engine/widget-types';
import { api } from '../../src/generated/api-client';
import type { Tariff } from '../../src/generated/api-types';
import { ConfirmDialog } from '../../src/ui/confirm-dialog';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { notify } from '../../src/ui/toaster';
import { dateInputValue } from '../shared/date-input';
import { EmptyNotice } from '../shared/empty-notice';
import { formatUnitPrice } from '../shared/format';
import { ScrollRegion } from '../shared/scroll-region';
import { minWidthWhenWide, STACKED_ROWS_WHEN_NARROW, STACKING_CONTAINER } from '../shared/stacked-rows';
import { useAssignmentWords } from './assignments-editor';
import { assignmentLabel, type Place, placesOf } from './places';
import { blankTariff, draftOf, type TariffDraft, versionOn } from './tariff-draft';
import { TariffForm } from './tariff-form';
import { VersionTimeline } from './version-timeline';

/** The open editor: a stored tariff, or a new one (from scratch or a copy). */
type Editing = { tariff: Tariff } | { draft: TariffDraft };

/**
 * The organisation's tariffs: a list with what each charges now, where it
 * applies and its versions over time; an editor to make or change one.
 * Viewers read them; editors make and change them; admins delete them.
 */
export default function Tariffs({ data }: WidgetProps<'tariffs'>) {
  const { t } = useTranslation('tariffs');
  const canEdit = useCan('utilityOrTariff');
  const state = fromQuery(
    useScreenQuery('tariffs', () => Promise.all([api.getUserTariffs(), api.findEntities({ limit: 200 })])),
  );
  const [editing, setEditing] = useState<Editing>();
  // Today where the person is: the date the preview and the timeline start from.
  const today = dateInputValue(new Date());

  return (
    <Stack gap="5">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Stack gap="1">
          <Heading as="h2" size="md">
            {data.heading ?? t('heading')}
          </Heading>
          <Text textStyle="sm" color="fg.muted">
            {t('intro')}
          </Text>
        </Stack>
        {canEdit && !editing && state.status === 'loaded' ? (
          <Button onClick={() => setEditing({ draft: newTariff(state.data[0].tariffs, today) })}>
            {t('list.new')}
          </Button>
        ) : null}
      </HStack>
      <DataState state={state} what={t('what')}>
        {([{ tariffs }, found]) => {
          const places = placesOf(found);
          if (editing) {
            const stored = 'tariff' in editing ? editing.tariff : undefined;
            return (
              <TariffForm
                key={stored?.id ?? 'new'}
                initial={stored ? draftOf(stored) : (editing as { draft: TariffDraft }).draft}
                tariffId={stored?.id}
                places={places}
                readOnly={!canEdit}
                today={today}
                onCancel={() => setEditing(undefined)}
                onSaved={(tariff) => {
                  notify.success(t('form.saved', { name: tariff.name }));
                  setEditing(undefined);
                }}
              />
            );
          }
          return tariffs.length === 0 ? (
            <EmptyNotice
              title={t('empty.title')}
              description={t(canEdit ? 'empty.description' : 'empty.askEditor')}
            />
          ) : (
            <TariffTable
              tariffs={tariffs}
              places={places}
              today={today}
              onOpen={(tariff) => setEditing({ tariff })}
              onCopy={(tariff) =>
                setEditing({
                  draft: {
                    ...draftOf(tariff),
                    name: t('list.copyName', { name: tariff.name }),
                    assignments: [],
                  },
                })
              }
            />
          );
        }}
      </DataState>
    </Stack>
  );
}

function TariffTable({
  tariffs,
  places,
  today,
  onOpen,
  onCopy,
}: {
  tariffs: Tariff[];
  places: Place[];
  today: string;
  onOpen: (tariff: Tariff) => void;
  onCopy: (tariff: Tariff) => void;
}) {
  const { t } = useTranslation('tariffs');
  const words = useAssignmentWords();
  const canEdit = useCan('utilityOrTariff');
  const canDelete = useCan('utilityOrTariffDelete');
  const [deleting, setDeleting] = useState<Tariff>();
  const deleteTariff = useScreenMutation(api.utilityOrTariffDelete, ['tariffs'], { reprices: true });
  return (
    <ScrollRegion label={t('list.label')} css={STACKING_CONTAINER}>
      <Table.Root size="sm" css={{ ...STACKED_ROWS_WHEN_NARROW, ...minWidthWhenWide('48rem') }}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('list.name')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('list.pricesNow')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('list.appliesTo')}</Table.ColumnHeader>
            <Table.ColumnHeader w="30%">{t('list.versions')}</Table.ColumnHeader>
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {tariffs.map((tariff) => (
            <Table.Row key={tariff.id}>
              <Table.Cell>
                <Text fontWeight="medium">{tariff.name}</Text>
                <Text textStyle="xs" color="fg.muted">
                  {t(`utilities.${tariff.utility}`)} · {tariff.currency}/{tariff.unit}
                </Text>
              </Table.Cell>
              <Table.Cell data-label={t('list.pricesNow')}>
                {pricesNow(tariff, today) ?? t('list.noVersionNow')}
              </Table.Cell>
              <Table.Cell data-label={t('list.appliesTo')}>
                {tariff.assignments.length === 0
                  ? t('list.unassigned')
                  : tariff.assignments
                      .map((assignment) => assignmentLabel(assignment, places, words))
                      .join(', ')}
              </Table.Cell>
              <Table.Cell data-label={t('list.versions')}>
                <VersionTimeline versions={tariff.versions} today={today} />
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => onOpen(tariff)}
                  aria-label={t(canEdit ? 'list.editNamed' : 'list.openNamed', { name: tariff.name })}
                >
                  {canEdit ? t('list.edit') : t('list.open')}
                </Button>
                {canEdit ? (
                  <Button
                    size="xs"
                    variant="ghost"
                    ms="1"
                    onClick={() => onCopy(tariff)}
                    aria-label={t('list.copyNamed', { name: tariff.name })}
                  >
                    {t('list.copy')}
                  </Button>
                ) : null}
                {canDelete ? (
                  <Button
                    size="xs"
                    variant="ghost"
                    colorPalette="red"
                    ms="1"
                    onClick={() => setDeleting(tariff)}
                    aria-label={t('list.deleteNamed', { name: tariff.name })}
                  >
                    {t('list.delete')}
                  </Button>
                ) : null}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {deleting ? (
        <ConfirmDialog
          title={t('delete.title', { name: deleting.name })}
          confirmLabel={t('delete.confirm')}
          cancelLabel={t('form.cancel')}
          tone="red"
          onClose={() => setDeleting(undefined)}
          onConfirm={async () => {
            await deleteTariff.mutateAsync({ id: deleting.id });
            notify.success(t('delete.done', { name: deleting.name }));
            setDeleting(undefined);
          }}
        >
          <Text>{t('delete.body')}</Text>
        </ConfirmDialog>
      ) : null}
    </ScrollRegion>
  );
}

/** The first blocks' prices of the version in force today, lowest to highest. */
function pricesNow(tariff: Tariff, today: string): string | undefined {
  const version = versionOn(tariff.versions, today);
  if (!version) return undefined;
  const prices = version.windows.map((window) => window.tiers[0]?.price ?? 0);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const unit = `${tariff.currency}/${tariff.unit}`;
  return low === high
    ? formatUnitPrice(low, unit)
    : `${formatUnitPrice(low)} – ${formatUnitPrice(high, unit)}`;
}

/**
 * A new electricity tariff for the whole organisation, unless the
 * organisation has one already: then it starts assigned nowhere, since a
 * place takes one tariff of a utility.
 */
function newTariff(tariffs: Tariff[], today: string): TariffDraft {
  const draft = blankTariff(today);
  const taken = tariffs.some(
    (tariff) =>
      tariff.utility === draft.utility &&
      tariff.assignments.some((assignment) => assignment.kind === 'organisation'),
  );
  return taken ? { ...draft, assignments: [] } : draft;
}
