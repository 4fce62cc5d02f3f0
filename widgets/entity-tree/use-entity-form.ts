import { useState } from 'react';
import { api } from '../../src/generated/api-client';
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
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);

  const set: SetEntityField = (field) => (event) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  // The picture goes up after the entity is saved, as a new entity has no id before.
  const save = async () => {
    setSaving(true);
    setProblem(undefined);
    try {
      const saved =
        mode.kind === 'add'
          ? await api.addEntity(addRequest(values))
          : await api.updateEntity(updateRequest(mode.entity.id, values));
      if (photo) await api.uploadEntityImage({ entityId: saved.entity.id }, photo);
      onSaved(saved.entity.id);
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return { values, set, photo, setPhoto, problem, saving, save };
}
