import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GetDataImportResponse, MeterfilesResponse } from '../../src/generated/api-types';
import { fromQuery } from '../../src/ui/data-state';
import { importPointsQuery, useDryRun } from './data';
import { failureMessage } from './fields';
import {
  type DraftErrors,
  draftErrors,
  fileColumns,
  fileRows,
  type ImportMapping,
  type MappingDraft,
  toMapping,
} from './mapping';

/** Changes one field of the draft and clears that field's error. */
export type SetDraftField = <K extends keyof MappingDraft>(key: K, value: MappingDraft[K]) => void;

/** What each group of fields works on: the draft, its errors, and the file's columns and sample rows. */
export interface DraftFieldsProps {
  draft: MappingDraft;
  errors: DraftErrors;
  set: SetDraftField;
  columns: string[];
  rows: string[][];
}

/** The mapping step's state: the draft's errors, the organisation's data points, the dry run in flight. */
export function useMappingStep({
  upload,
  draft,
  onChange,
  onDryRun,
}: {
  upload: MeterfilesResponse;
  draft: MappingDraft;
  onChange: (draft: MappingDraft) => void;
  onDryRun: (result: GetDataImportResponse, mapping: ImportMapping) => void;
}) {
  const { t } = useTranslation('meter-import');
  const [errors, setErrors] = useState<DraftErrors>({});
  const dryRunning = useDryRun(upload.fileId);
  const running = dryRunning.isPending;
  const failure = dryRunning.error ? failureMessage(dryRunning.error, t) : undefined;
  const points = fromQuery(useQuery(importPointsQuery()));
  const columns = fileColumns(upload, draft.hasHeader);
  const rows = fileRows(upload, draft.hasHeader);

  const set: SetDraftField = (key, value) => {
    onChange({ ...draft, [key]: value });
    if (errors[key]) setErrors({ ...errors, [key]: undefined });
  };

  /** With or without a header row the columns are renamed; choices follow their column by position. */
  const setHasHeader = (hasHeader: boolean) => {
    const before = fileColumns(upload, draft.hasHeader);
    const after = fileColumns(upload, hasHeader);
    const move = (column: string) => {
      const index = before.indexOf(column);
      return index >= 0 ? (after[index] ?? '') : '';
    };
    onChange({
      ...draft,
      hasHeader,
      timestampColumn: move(draft.timestampColumn),
      valueColumn: move(draft.valueColumn),
      dataPointColumn: move(draft.dataPointColumn),
      qualityColumn: move(draft.qualityColumn),
    });
  };

  const dryRun = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = draftErrors(draft, columns, t);
    setErrors(found);
    dryRunning.reset();
    if (Object.values(found).some(Boolean)) return;
    const mapping = toMapping(draft, upload);
    dryRunning.mutate(mapping, { onSuccess: (result) => onDryRun(result, mapping) });
  };

  return { errors, setErrors, running, failure, points, columns, rows, set, setHasHeader, dryRun };
}
