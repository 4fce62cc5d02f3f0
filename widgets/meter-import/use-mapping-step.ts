import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenQuery } from '../../src/data/screen-query';
import { api } from '../../src/generated/api-client';
import type { GetDataImportResponse, MeterfilesResponse } from '../../src/generated/api-types';
import { fromQuery } from '../../src/ui/data-state';
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
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string>();
  const points = fromQuery(useScreenQuery('meter-import-points', () => api.getDataPoint({})));
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

  const dryRun = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = draftErrors(draft, columns, t);
    setErrors(found);
    setFailure(undefined);
    if (Object.values(found).some(Boolean)) return;
    const mapping = toMapping(draft, upload);
    setRunning(true);
    try {
      onDryRun(await api.getDataImport({ fileId: upload.fileId, mapping }), mapping);
    } catch (error) {
      setFailure(failureMessage(error, t));
    } finally {
      setRunning(false);
    }
  };

  return { errors, setErrors, running, failure, points, columns, rows, set, setHasHeader, dryRun };
}
