import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportTemplatesResponse, MeterfilesResponse } from '../../src/generated/api-types';
import { notify } from '../../src/ui/toaster';
import { importTemplatesQuery, useTemplateWrites } from './data';
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

/** The organisation's saved mappings: listed, applied to this file, saved by name, deleted. */
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
  const list = useQuery(importTemplatesQuery());
  const writes = useTemplateWrites();
  const templates: Template[] | undefined = list.data?.templates;
  // Worded when shown: its words follow the app's language.
  const loadError = list.data === undefined && list.isError ? failureMessage(list.error, t) : undefined;
  const [chosen, setChosen] = useState('');
  const [name, setName] = useState('');
  const [notice, setNotice] = useState<string>();

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

  const save = () => {
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
    writes.save.mutate(
      { name: trimmed, mapping: toMapping(draft, upload) },
      {
        onSuccess: (answer) => {
          setChosen(String(answer.templates.find((entry) => entry.name === trimmed)?.id ?? ''));
          notify.success(t('templates.saved', { name: trimmed }));
        },
        onError: (error) => setNotice(failureMessage(error, t)),
      },
    );
  };

  const remove = () => {
    const template = templates?.find((entry) => String(entry.id) === chosen);
    if (!template || !window.confirm(t('templates.confirmDelete', { name: template.name }))) return;
    writes.remove.mutate(template.id, {
      onSuccess: () => {
        setChosen('');
        notify.success(t('templates.deleted', { name: template.name }));
      },
      onError: (error) => setNotice(failureMessage(error, t)),
    });
  };

  const saving = writes.save.isPending;
  return { templates, loadError, chosen, name, setName, saving, notice, apply, save, remove };
}
