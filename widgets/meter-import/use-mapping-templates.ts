import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../src/generated/api-client';
import type { ImportTemplatesResponse, MeterfilesResponse } from '../../src/generated/api-types';
import { notify } from '../../src/ui/toaster';
import { failureMessage } from './fields';
import {
  type DraftErrors,
  draftErrors,
  fileColumns,
  fromMapping,
  type MappingDraft,
  toMapping,
} from './mapping';

export type Template = ImportTemplatesResponse['templates'][number];

/** The organisation's saved mappings: loaded once, applied to this file, saved by name, deleted. */
export function useMappingTemplates({
  upload,
  draft,
  onApply,
  onInvalid,
}: {
  upload: MeterfilesResponse;
  draft: MappingDraft;
  onApply: (draft: MappingDraft) => void;
  onInvalid: (errors: DraftErrors) => void;
}) {
  const { t } = useTranslation('meter-import');
  const [templates, setTemplates] = useState<Template[]>();
  // The failure itself, worded when shown: its words follow the app's language.
  const [loadFailure, setLoadFailure] = useState<{ error: unknown }>();
  const [chosen, setChosen] = useState('');
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<string>();

  useEffect(() => {
    let current = true;
    api.importTemplates({}).then(
      (answer) => current && setTemplates(answer.templates),
      (error: unknown) => current && setLoadFailure({ error }),
    );
    return () => {
      current = false;
    };
  }, []);
  const loadError = loadFailure ? failureMessage(loadFailure.error, t) : undefined;

  const apply = (id: string) => {
    setChosen(id);
    setNotice(undefined);
    const template = templates?.find((entry) => String(entry.id) === id);
    if (!template) return;
    const { draft: applied, missing } = fromMapping(template.mapping, upload);
    onApply(applied);
    setName(template.name);
    if (missing.length > 0) {
      setNotice(
        t('templates.missingColumns', {
          count: missing.length,
          columns: missing.map((column) => t('quoted', { text: column })).join(t('listSeparator')),
        }),
      );
    }
  };

  const save = async () => {
    setNotice(undefined);
    const trimmed = name.trim();
    if (!trimmed) {
      setNotice(t('templates.nameFirst'));
      return;
    }
    const errors = draftErrors(draft, fileColumns(upload, draft.hasHeader), t);
    if (Object.values(errors).some(Boolean)) {
      onInvalid(errors);
      setNotice(t('templates.completeFirst'));
      return;
    }
    setSaving(true);
    try {
      const answer = await api.importTemplates({ name: trimmed, mapping: toMapping(draft, upload) });
      setTemplates(answer.templates);
      setChosen(String(answer.templates.find((entry) => entry.name === trimmed)?.id ?? ''));
      notify.success(t('templates.saved', { name: trimmed }));
    } catch (error) {
      setNotice(failureMessage(error, t));
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    const template = templates?.find((entry) => String(entry.id) === chosen);
    if (!template || !window.confirm(t('templates.confirmDelete', { name: template.name }))) return;
    try {
      const answer = await api.importTemplateDelete({ id: template.id });
      setTemplates(answer.templates);
      setChosen('');
      notify.success(t('templates.deleted', { name: template.name }));
    } catch (error) {
      setNotice(failureMessage(error, t));
    }
  };

  return { templates, loadError, chosen, name, setName, saving, notice, apply, save, remove };
}
