import { Box, Button, Field, HStack, NativeSelect, Stack } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateFloorPlan } from '../../src/data/floor-plans';
import { notify } from '../../src/ui/toaster';
import { FormField, formText } from '../shared/form-field';
import { useOrganisationPlaces } from './organisation-points';
import { PICTURE_TYPES } from './picture-types';
import { PlaceOptions } from './place-options';

/** A new floor plan, behind a button: which place, its name, and its picture. */
export function NewPlanForm({ onCreated }: { onCreated: (id: number) => void }) {
  const { t } = useTranslation('floor-plan');
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        {t('new.open')}
      </Button>
    );
  }
  return <OpenForm onClose={() => setOpen(false)} onCreated={onCreated} />;
}

/** The form itself: the places are asked for once it is open, since the plan on screen needs none of them. */
function OpenForm({ onClose, onCreated }: { onClose: () => void; onCreated: (id: number) => void }) {
  const { t } = useTranslation('floor-plan');
  const [picture, setPicture] = useState<File | undefined>();
  const { places } = useOrganisationPlaces(true);
  const create = useCreateFloorPlan();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!picture) return;
    const entityId = Number(formText(event.currentTarget, 'place'));
    const name = formText(event.currentTarget, 'name');
    create.mutate(
      { entityId, name, file: picture },
      {
        onSuccess: ({ plan }) => {
          notify.success(t('created', { name: plan.name }));
          onClose();
          onCreated(plan.id);
        },
        onError: (error) => notify.warning(error.message),
      },
    );
  };
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" width="full" maxW="md">
      <form onSubmit={submit} aria-label={t('new.label')}>
        <Stack gap="3">
          <Field.Root required>
            <Field.Label>{t('new.place')}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field name="place">
                <PlaceOptions places={places} />
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <FormField label={t('new.name')} name="name" required maxLength={120} />
          <Field.Root required>
            <Field.Label>{t('new.picture')}</Field.Label>
            <input
              type="file"
              accept={PICTURE_TYPES}
              aria-label={t('new.picture')}
              required
              onChange={(event) => setPicture(event.target.files?.[0])}
            />
            <Field.HelperText>{t('new.pictureHelp')}</Field.HelperText>
          </Field.Root>
          <HStack justify="end">
            <Button size="sm" variant="ghost" onClick={onClose}>
              {t('edit.cancel')}
            </Button>
            <Button type="submit" size="sm" loading={create.isPending} disabled={!picture}>
              {t('new.submit')}
            </Button>
          </HStack>
        </Stack>
      </form>
    </Box>
  );
}
