import {
  Alert,
  Button,
  Dialog,
  Field,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
} from '@chakra-ui/react';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddDataPoints } from '../../src/data/data-points';
import type { DataPointIntent } from '../../src/generated/api-types';
import type { EntityOption } from './entity-options';
import { blankForm, changeForm, kindsFor, type NewPointForm, newPointRequest } from './new-point-form';

interface Props {
  intents: readonly DataPointIntent[];
  /** The organisation's entities; null when the tree could not be loaded, so an id is typed instead. */
  entities: readonly EntityOption[] | null;
  onClose: () => void;
  onAdded: (id: number, name: string) => void;
}

/** A new data point: what it measures and in which unit, what kind of values, on which entity. */
export function AddDataPointDialog({ intents, entities, onClose, onAdded }: Props) {
  const { t } = useTranslation('data-point-table');
  const [form, setForm] = useState<NewPointForm>(() => ({
    ...blankForm(intents),
    entityId: entities?.[0] ? String(entities[0].id) : '',
  }));
  const addPoints = useAddDataPoints();
  const intent = intents.find((entry) => entry.intent === form.intent);
  const kinds = kindsFor(intents, form);

  const set = (field: keyof NewPointForm) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((current) => changeForm(intents, current, field, event.target.value));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    addPoints.mutate(
      { dataPoints: [newPointRequest(form)] },
      {
        onSuccess: ([added]) => {
          if (added) onAdded(added.id, added.name);
        },
      },
    );
  };
  const problem = addPoints.error?.message;

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content as="form" onSubmit={submit} aria-label={t('dialog.title')}>
            <Dialog.Header>
              <Dialog.Title>{t('dialog.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Field.Root required>
                  <Field.Label>{t('dialog.name')}</Field.Label>
                  <Input value={form.name} onChange={set('name')} placeholder={t('dialog.namePlaceholder')} />
                  <Field.HelperText>{t('dialog.nameHelp')}</Field.HelperText>
                </Field.Root>
                <EntityField entities={entities} value={form.entityId} onChange={set('entityId')} />
                <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
                  <Field.Root>
                    <Field.Label>{t('dialog.measures')}</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field value={form.intent} onChange={set('intent')}>
                        {intents.map((entry) => (
                          <option key={entry.intent} value={entry.intent}>
                            {entry.label}
                          </option>
                        ))}
                      </NativeSelect.Field>
                    </NativeSelect.Root>
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>{t('dialog.unit')}</Field.Label>
                    {intent?.anyUnit ? (
                      <Input value={form.unit} onChange={set('unit')} list="data-point-units" />
                    ) : (
                      <NativeSelect.Root>
                        <NativeSelect.Field value={form.unit} onChange={set('unit')}>
                          {intent?.units.map((entry) => (
                            <option key={entry.unit} value={entry.unit}>
                              {entry.unit}
                            </option>
                          ))}
                        </NativeSelect.Field>
                      </NativeSelect.Root>
                    )}
                    <datalist id="data-point-units">
                      {intent?.units.map((entry) => (
                        <option key={entry.unit} value={entry.unit} />
                      ))}
                    </datalist>
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>{t('dialog.kind')}</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field value={form.kind} onChange={set('kind')}>
                        {kinds.map((kind) => (
                          <option key={kind} value={kind}>
                            {t(`dialog.kinds.${kind}`)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                    </NativeSelect.Root>
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>{t('dialog.interval')}</Field.Label>
                    <Input
                      type="number"
                      min={1}
                      max={1440}
                      value={form.intervalMinutes}
                      onChange={set('intervalMinutes')}
                    />
                  </Field.Root>
                </SimpleGrid>
                {form.kind === 'cumulative' ? (
                  <Field.Root>
                    <Field.Label>{t('dialog.registerMax')}</Field.Label>
                    <Input
                      type="number"
                      min={0}
                      step="any"
                      value={form.registerMax}
                      onChange={set('registerMax')}
                      placeholder={t('dialog.registerMaxPlaceholder')}
                    />
                    <Field.HelperText>{t('dialog.registerMaxHelp')}</Field.HelperText>
                  </Field.Root>
                ) : null}
                {problem ? (
                  <Alert.Root status="error">
                    <Alert.Indicator />
                    <Alert.Title>{problem}</Alert.Title>
                  </Alert.Root>
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('dialog.cancel')}
              </Button>
              <Button type="submit" loading={addPoints.isPending}>
                {t('dialog.submit')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** A picker over the tree; without the tree, the entity's number. */
function EntityField({
  entities,
  value,
  onChange,
}: {
  entities: readonly EntityOption[] | null;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
}) {
  const { t } = useTranslation('data-point-table');
  if (entities === null) {
    return (
      <Field.Root required>
        <Field.Label>{t('dialog.entityId')}</Field.Label>
        <Input type="number" min={1} value={value} onChange={onChange} />
        <Field.HelperText>{t('dialog.entityIdHelp')}</Field.HelperText>
      </Field.Root>
    );
  }
  return (
    <Field.Root required>
      <Field.Label>{t('dialog.entity')}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={onChange}>
          {entities.map((entity) => {
            const label = t('dialog.entityOption', {
              name: entity.name,
              type: t(`typeNames.${entity.type}`),
            });
            return (
              <option key={entity.id} value={entity.id}>
                {`${'\u00a0\u00a0'.repeat(entity.depth)}${label}`}
              </option>
            );
          })}
        </NativeSelect.Field>
      </NativeSelect.Root>
      <Field.HelperText>{t('dialog.entityHelp')}</Field.HelperText>
    </Field.Root>
  );
}
