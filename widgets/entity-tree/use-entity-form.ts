import { useState } from 'react';
import { useSavePlace } from '../../src/data/places';
import { type EntityDialogMode, type EntityTypeRules, typesUnder } from './entity-dialog-mode';
import {
  addRequest,
  type EntityFormValues,
  editEntityForm,
  newEntityForm,
  updateRequest,
} from './entity-form';

/** Changes one field from its input's text (an input's or select's change event, or a value given as one). */
export type SetEntityField = (
  field: keyof EntityFormValues,
) => (event: { target: { value: string } }) => void;

function initialValues(mode: EntityDialogMode, types: EntityTypeRules): EntityFormValues {
  if (mode.kind === 'edit') return editEntityForm(mode.entity);
  const [first = 'site'] = typesUnder(types, mode.parent?.type ?? null);
  return newEntityForm(first, mode.parent?.id ?? null);
}

/** The dialog's state: the fields (starting from `mode`), the chosen picture, and saving both. */
export function useEntityForm({
  mode,
  types,
  onSaved,
}: {
  mode: EntityDialogMode;
  types: EntityTypeRules;
  onSaved: (entityId: number) => void;
}) {
  const [values, setValues] = useState(() => initialValues(mode, types));
  const [photo, setPhoto] = useState<File>();
  const savePlace = useSavePlace();

  const set: SetEntityField = (field) => (event) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const save = () => {
    const place =
      mode.kind === 'add' ? { add: addRequest(values) } : { update: updateRequest(mode.entity.id, values) };
    savePlace.mutate({ ...place, picture: photo }, { onSuccess: (entity) => onSaved(entity.id) });
  };

  return {
    values,
    set,
    photo,
    setPhoto,
    problem: savePlace.error?.message,
    saving: savePlace.isPending,
    save,
  };
}
