import {
  Button,
  Dialog,
  Field,
  HStack,
  Input,
  NativeSelect,
  Portal,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../src/auth/use-can';
import { useScreenMutation } from '../../src/data/screen-mutation';
import { api } from '../../src/generated/api-client';
import type {
  BenchmarkNormaliser,
  BenchmarkNormaliserRequest,
  BenchmarkNormaliserValue,
} from '../../src/generated/api-types';
import { ConfirmDialog } from '../../src/ui/confirm-dialog';
import { ErrorAlert } from '../../src/ui/error-alert';
import { notify } from '../../src/ui/toaster';
import { DecimalInput } from '../shared/decimal-input';
import { ScrollRegion } from '../shared/scroll-region';

export interface FigureSite {
  siteId: number;
  name: string;
}

interface FiguresDialogProps {
  figures: readonly BenchmarkNormaliser[];
  /** The organisation's sites, each given a value per year. */
  sites: readonly FigureSite[];
  /** The years a value can be given for, newest first. */
  years: readonly number[];
  /** The figure to open; a new one when left out. */
  openId?: number;
  onSaved: (figure: BenchmarkNormaliser) => void;
  onDeleted: (id: number) => void;
  onClose: () => void;
}

const NEW = 'new';
const key = (siteId: number, year: number) => `${siteId}/${year}`;

/**
 * The organisation's own benchmarking figures (occupants, units produced):
 * pick one or start a new one, name it and its unit, and give each site its
 * value per year. Saved whole; a refusal is shown in the server's words.
 */
export function FiguresDialog({
  figures,
  sites,
  years,
  openId,
  onSaved,
  onDeleted,
  onClose,
}: FiguresDialogProps) {
  const { t } = useTranslation('site-benchmark');
  const canDelete = useCan('benchmarkNormaliserDelete');
  const [chosen, setChosen] = useState<string>(openId === undefined ? NEW : String(openId));
  const figure = figures.find((each) => String(each.id) === chosen);
  const [draft, setDraft] = useState(() => draftOf(figure));
  const [deleting, setDeleting] = useState(false);
  // A figure's values change the rankings by it, as well as the list of figures.
  const saveFigure = useScreenMutation(
    ({ id, ...body }: BenchmarkNormaliserRequest & { id: number | undefined }) =>
      id === undefined ? api.benchmarkNormaliser(body) : api.benchmarkNormaliserUpdate({ id, ...body }),
    ['benchmark-figures', 'benchmark'],
  );
  // The ranking by a deleted figure is not asked again: the widget turns to another figure.
  const deleteFigure = useScreenMutation(api.benchmarkNormaliserDelete, ['benchmark-figures']);
  const saving = saveFigure.isPending;

  const choose = (value: string) => {
    setChosen(value);
    setDraft(draftOf(figures.find((each) => String(each.id) === value)));
    // A refusal was about the figure left; a save still under way is let finish.
    if (saveFigure.isError) saveFigure.reset();
  };
  const notPositive = [...draft.values.entries()].some(([, value]) => value !== undefined && value <= 0);

  const save = () => {
    const body = { name: draft.name, unit: draft.unit, values: valuesOf(draft.values) };
    saveFigure.mutate(
      { id: figure?.id, ...body },
      {
        onSuccess: ({ normaliser }) => {
          notify.success(t('figures.saved', { name: normaliser.name }));
          onSaved(normaliser);
        },
      },
    );
  };

  return (
    <Dialog.Root open size="lg" onOpenChange={(details) => !details.open && !saving && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('figures.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text textStyle="sm" color="fg.muted">
                  {t('figures.intro')}
                </Text>
                <Field.Root>
                  <Field.Label>{t('figures.figure')}</Field.Label>
                  <NativeSelect.Root size="sm">
                    <NativeSelect.Field value={chosen} onChange={(event) => choose(event.target.value)}>
                      {figures.map((each) => (
                        <option key={each.id} value={String(each.id)}>
                          {each.name}
                        </option>
                      ))}
                      <option value={NEW}>{t('figures.new')}</option>
                    </NativeSelect.Field>
                  </NativeSelect.Root>
                </Field.Root>
                <HStack gap="3" align="start" wrap="wrap">
                  <Field.Root flex="2" minW="12rem" required>
                    <Field.Label>{t('figures.name')}</Field.Label>
                    <Input
                      size="sm"
                      maxLength={60}
                      placeholder={t('figures.namePlaceholder')}
                      value={draft.name}
                      onChange={(event) => setDraft({ ...draft, name: event.target.value })}
                    />
                  </Field.Root>
                  <Field.Root flex="1" minW="8rem" required>
                    <Field.Label>{t('figures.unit')}</Field.Label>
                    <Input
                      size="sm"
                      maxLength={20}
                      placeholder={t('figures.unitPlaceholder')}
                      value={draft.unit}
                      onChange={(event) => setDraft({ ...draft, unit: event.target.value })}
                    />
                  </Field.Root>
                </HStack>
                <ScrollRegion label={t('figures.valuesLabel')}>
                  <Table.Root size="sm" aria-label={t('figures.valuesLabel')}>
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>{t('site')}</Table.ColumnHeader>
                        {years.map((year) => (
                          <Table.ColumnHeader key={year} textAlign="end">
                            {year}
                          </Table.ColumnHeader>
                        ))}
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {sites.map((site) => (
                        <Table.Row key={site.siteId}>
                          <Table.Cell>{site.name}</Table.Cell>
                          {years.map((year) => (
                            <Table.Cell key={year} textAlign="end">
                              <DecimalInput
                                size="sm"
                                minW="6rem"
                                textAlign="end"
                                aria-label={t('figures.valueOf', { site: site.name, year })}
                                value={draft.values.get(key(site.siteId, year))}
                                onValue={(value) => {
                                  const values = new Map(draft.values);
                                  values.set(key(site.siteId, year), value);
                                  setDraft({ ...draft, values });
                                }}
                              />
                            </Table.Cell>
                          ))}
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </ScrollRegion>
                {notPositive ? (
                  <Text textStyle="sm" color="fg.error" role="status">
                    {t('figures.positive')}
                  </Text>
                ) : null}
                <ErrorAlert message={saveFigure.error?.message} />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer justifyContent="space-between">
              {figure && canDelete ? (
                <Button
                  variant="ghost"
                  colorPalette="red"
                  disabled={saving}
                  onClick={() => setDeleting(true)}
                >
                  {t('figures.delete')}
                </Button>
              ) : (
                <span />
              )}
              <HStack>
                <Button variant="outline" disabled={saving} onClick={onClose}>
                  {t('figures.cancel')}
                </Button>
                <Button
                  loading={saving}
                  disabled={notPositive || draft.name.trim() === '' || draft.unit.trim() === ''}
                  onClick={save}
                >
                  {t('figures.save')}
                </Button>
              </HStack>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
      {deleting && figure ? (
        <ConfirmDialog
          title={t('figures.deleteTitle', { name: figure.name })}
          confirmLabel={t('figures.delete')}
          cancelLabel={t('figures.cancel')}
          tone="red"
          onClose={() => setDeleting(false)}
          onConfirm={async () => {
            await deleteFigure.mutateAsync({ id: figure.id });
            notify.success(t('figures.deleted', { name: figure.name }));
            onDeleted(figure.id);
          }}
        >
          <Text>{t('figures.deleteBody')}</Text>
        </ConfirmDialog>
      ) : null}
    </Dialog.Root>
  );
}

interface FigureDraft {
  name: string;
  unit: string;
  /** By "siteId/year"; undefined where nothing (or nothing readable) is typed. */
  values: Map<string, number | undefined>;
}

function draftOf(figure: BenchmarkNormaliser | undefined): FigureDraft {
  return {
    name: figure?.name ?? '',
    unit: figure?.unit ?? '',
    values: new Map(figure?.values.map((value) => [key(value.siteId, value.year), value.value])),
  };
}

/** The values typed, a site and year each; empty cells are left out. */
function valuesOf(values: ReadonlyMap<string, number | undefined>): BenchmarkNormaliserValue[] {
  return [...values.entries()].flatMap(([cell, value]) => {
    if (value === undefined) return [];
    const [siteId, year] = cell.split('/').map(Number) as [number, number];
    return [{ siteId, year, value }];
  });
}
