import { useEffect, useState } from 'react';
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
  const [templates, setTemplates] = useState<Template[]>();
  const [loadError, setLoadError] = useState<string>();
  const [chosen, setChosen] = useState('');
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<string>();

  useEffect(() => {
    let current = true;
    api.importTemplates({}).then(
      (answer) => current && setTemplates(answer.templates),
      (error: unknown) => current && setLoadError(failureMessage(error)),
    );
    return () => {
      current = false;
    };
  }, []);

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
        `This file has no column ${missing.map((column) => `“${column}”`).join(', ')}; choose ${missing.length === 1 ? 'it' : 'them'} below.`,
      );
    }
  };

  const save = async () => {
    setNotice(undefined);
    const trimmed = name.trim();
    if (!trimmed) {
      setNotice('Give the template a name first.');
      return;
    }
    const errors = draftErrors(draft, fileColumns(upload, draft.hasHeader));
    if (Object.values(errors).some(Boolean)) {
      onInvalid(errors);
      setNotice('Complete the mapping below before saving it.');
      return;
    }
    setSaving(true);
    try {
      const answer = await api.importTemplates({ name: trimmed, mapping: toMapping(draft, upload) });
      setTemplates(answer.templates);
      setChosen(String(answer.templates.find((entry) => entry.name === trimmed)?.id ?? ''));
      notify.success(`Template “${trimmed}” saved`);
    } catch (error) {
      setNotice(failureMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    const template = templates?.find((entry) => String(entry.id) === chosen);
    if (!template || !window.confirm(`Delete the template “${template.name}”?`)) return;
    try {
      const answer = await api.importTemplateDelete({ id: template.id });
      setTemplates(answer.templates);
      setChosen('');
      notify.success(`Template “${template.name}” deleted`);
    } catch (error) {
      setNotice(failureMessage(error));
    }
  };

  return { templates, loadError, chosen, name, setName, saving, notice, apply, save, remove };
}
