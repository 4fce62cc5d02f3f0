import {
  Alert,
  Box,
  Button,
  Checkbox,
  Field,
  Fieldset,
  HStack,
  Input,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { api } from '../../src/api/endpoints';
import { useApiData } from '../../src/api/use-api-data';
import type {
  DataPoint,
  GetDataImportResponse,
  ImportTemplatesResponse,
  MeterfilesResponse,
} from '../../src/generated/api-types';
import { notify } from '../../src/ui/toaster';
import { failureMessage, type Option, SelectField } from './fields';
import {
  type DraftErrors,
  draftErrors,
  fileColumns,
  fileRows,
  fromMapping,
  type ImportMapping,
  KNOWN_UNITS,
  type MappingDraft,
  TIMESTAMP_FORMATS,
  type TimestampFormat,
  timeZoneNames,
  toMapping,
} from './mapping';

type Template = ImportTemplatesResponse['templates'][number];

const SAMPLE_SHOWN = 3;
const TIME_ZONE_LIST_ID = 'meter-import-time-zones';

/** Step 2: which column is what, read how; templates saved by name; then the dry run. */
export function MappingStep({
  upload,
  draft,
  onChange,
  onBack,
  onDryRun,
}: {
  upload: MeterfilesResponse;
  draft: MappingDraft;
  onChange: (draft: MappingDraft) => void;
  onBack: () => void;
  onDryRun: (result: GetDataImportResponse, mapping: ImportMapping) => void;
}) {
  const [errors, setErrors] = useState<DraftErrors>({});
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string>();
  const points = useApiData(() => api.getDataPoint({}), 'meter-import-data-points');
  const columns = fileColumns(upload, draft.hasHeader);
  const rows = fileRows(upload, draft.hasHeader);
  const columnOptions = columns.map((column) => ({ value: column, label: column }));

  const set = <K extends keyof MappingDraft>(key: K, value: MappingDraft[K]) => {
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
    const found = draftErrors(draft, columns);
    setErrors(found);
    setFailure(undefined);
    if (Object.values(found).some(Boolean)) return;
    const mapping = toMapping(draft, upload);
    setRunning(true);
    try {
      onDryRun(await api.getDataImport({ fileId: upload.fileId, mapping }), mapping);
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setRunning(false);
    }
  };

  const dataPoints = points.status === 'loaded' ? points.data.dataPoints : [];
  const chosenPoint = dataPoints.find((point) => String(point.id) === draft.dataPointId);
  const unitOptions = useMemo(() => unitChoices(dataPoints, draft.unit), [dataPoints, draft.unit]);
  const sampleOf = (column: string) => {
    const index = columns.indexOf(column);
    return index < 0 ? undefined : rows.find((row) => (row[index] ?? '').trim() !== '')?.[index];
  };

  return (
    <form onSubmit={dryRun} aria-label="Map the columns" noValidate>
      <Stack gap="6">
        <Text fontSize="sm" color="fg.muted">
          {upload.fileName}: {upload.headers.length} columns
          {upload.format === 'csv' && upload.delimiter
            ? `, separated by ${delimiterName(upload.delimiter)}`
            : ''}
          . The choices below are guessed from the column names; check them.
        </Text>

        <Templates upload={upload} draft={draft} onApply={onChange} onInvalid={setErrors} />

        <Stack gap="2">
          <Checkbox.Root
            checked={draft.hasHeader}
            onCheckedChange={(details) => setHasHeader(details.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>The first row holds column names</Checkbox.Label>
          </Checkbox.Root>
          <SampleTable columns={columns} rows={rows.slice(0, SAMPLE_SHOWN)} fileName={upload.fileName} />
        </Stack>

        <Fieldset.Root>
          <Fieldset.Legend>Time</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <SelectField
              label="Timestamp column"
              value={draft.timestampColumn}
              onChange={(value) => set('timestampColumn', value)}
              options={columnOptions}
              placeholder="Choose a column"
              error={errors.timestampColumn}
              required
            />
            <SelectField
              label="Time format"
              value={draft.format}
              onChange={(value) => set('format', value as TimestampFormat)}
              options={TIMESTAMP_FORMATS.map(({ format, label, example }) => ({
                value: format,
                label: `${label}, e.g. ${example}`,
              }))}
              helper={
                sampleOf(draft.timestampColumn) !== undefined
                  ? `In this file: ${sampleOf(draft.timestampColumn)}`
                  : undefined
              }
              required
            />
            <Field.Root required invalid={Boolean(errors.timeZone)}>
              <Field.Label>
                Time zone
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                value={draft.timeZone}
                onChange={(event) => set('timeZone', event.currentTarget.value)}
                list={TIME_ZONE_LIST_ID}
                autoComplete="off"
                spellCheck={false}
                placeholder="Type to search, e.g. London"
              />
              <TimeZoneList />
              <Field.HelperText>
                Wall-clock times in the file are read in this zone, daylight saving included. Times with an
                offset (Z, +01:00) and Unix times are exact already.
              </Field.HelperText>
              {errors.timeZone ? <Field.ErrorText>{errors.timeZone}</Field.ErrorText> : null}
            </Field.Root>
          </SimpleGrid>
        </Fieldset.Root>

        <Fieldset.Root>
          <Fieldset.Legend>Value</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <SelectField
              label="Value column"
              value={draft.valueColumn}
              onChange={(value) => set('valueColumn', value)}
              options={columnOptions}
              placeholder="Choose a column"
              error={errors.valueColumn}
              helper={
                sampleOf(draft.valueColumn) !== undefined
                  ? `In this file: ${sampleOf(draft.valueColumn)}`
                  : undefined
              }
              required
            />
            <SelectField
              label="Unit of the values"
              value={draft.unit}
              onChange={(value) => set('unit', value)}
              options={unitOptions}
              error={errors.unit}
              helper="Converted to each data point's own unit when stored."
              required
            />
            <SelectField
              label="Decimal separator"
              value={draft.decimal}
              onChange={(value) => set('decimal', value as '.' | ',')}
              options={[
                { value: '.', label: 'Point: 1234.5' },
                { value: ',', label: 'Comma: 1234,5' },
              ]}
              required
            />
          </SimpleGrid>
        </Fieldset.Root>

        <Fieldset.Root>
          <Fieldset.Legend>Data point</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <SelectField
              label="Which data point each row belongs to"
              value={draft.dataPointMode}
              onChange={(value) => set('dataPointMode', value as 'column' | 'one')}
              options={[
                { value: 'column', label: 'A column names the data point' },
                { value: 'one', label: 'One data point for every row' },
              ]}
            />
            {draft.dataPointMode === 'column' ? (
              <SelectField
                label="Data point column"
                value={draft.dataPointColumn}
                onChange={(value) => set('dataPointColumn', value)}
                options={columnOptions}
                placeholder="Choose a column"
                error={errors.dataPointColumn}
                helper={
                  <PointColumnHint
                    column={draft.dataPointColumn}
                    columns={columns}
                    rows={rows}
                    dataPoints={points.status === 'loaded' ? dataPoints : undefined}
                  />
                }
                required
              />
            ) : (
              <SelectField
                label="Data point"
                value={draft.dataPointId}
                onChange={(value) => set('dataPointId', value)}
                options={dataPoints.map((point) => ({ value: String(point.id), label: pointLabel(point) }))}
                placeholder={
                  points.status === 'loading'
                    ? 'Loading data points…'
                    : dataPoints.length === 0
                      ? 'No data points yet'
                      : 'Choose a data point'
                }
                error={
                  points.status === 'failed'
                    ? `The data points could not be loaded: ${points.message}`
                    : errors.dataPointId
                }
                helper={
                  chosenPoint
                    ? `Stored in ${chosenPoint.unit}${chosenPoint.unit === draft.unit ? '' : `, converted from ${draft.unit}`}; its days are cut in ${chosenPoint.timeZone}.`
                    : 'Add data points under Data Feeds first if the list is empty.'
                }
                required
              />
            )}
            <SelectField
              label="Quality column (optional)"
              value={draft.qualityColumn}
              onChange={(value) => set('qualityColumn', value)}
              options={columnOptions}
              placeholder="None: every value is measured"
              helper="Rows marked E, estimated, est or 1 are stored as estimated."
            />
          </SimpleGrid>
        </Fieldset.Root>

        {failure ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        ) : null}
        <HStack justify="space-between">
          <Button variant="outline" onClick={onBack}>
            Choose another file
          </Button>
          <Button type="submit" loading={running} loadingText="Checking the file…">
            Run a dry run
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

/** Saved mappings: apply one to this file, save the current one by name, delete one. */
function Templates({
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
      const answer = await api.deleteImportTemplate(template.id);
      setTemplates(answer.templates);
      setChosen('');
      notify.success(`Template “${template.name}” deleted`);
    } catch (error) {
      setNotice(failureMessage(error));
    }
  };

  const options: Option[] = (templates ?? []).map((template) => ({
    value: String(template.id),
    label: template.name,
  }));

  return (
    <Fieldset.Root borderWidth="1px" borderRadius="md" p="4">
      <Fieldset.Legend>Templates</Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" alignItems="end">
        <HStack align="end">
          <SelectField
            label="Use a saved template"
            value={chosen}
            onChange={apply}
            options={options}
            placeholder={
              templates === undefined && !loadError
                ? 'Loading templates…'
                : options.length === 0
                  ? 'No templates yet'
                  : 'None'
            }
            error={loadError ? `Templates could not be loaded: ${loadError}` : undefined}
            disabled={options.length === 0}
          />
          {chosen ? (
            <Button variant="ghost" colorPalette="red" onClick={remove}>
              Delete
            </Button>
          ) : null}
        </HStack>
        <HStack align="end">
          <Field.Root>
            <Field.Label>Template name</Field.Label>
            <Input
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              maxLength={200}
              placeholder="Utility half-hourly export"
            />
          </Field.Root>
          <Button variant="outline" onClick={save} loading={saving}>
            Save template
          </Button>
        </HStack>
      </SimpleGrid>
      {notice ? (
        <Text fontSize="sm" role="status" color="fg.warning">
          {notice}
        </Text>
      ) : null}
      <Text fontSize="xs" color="fg.muted">
        A template of the same name is replaced. Files dropped in a template's SFTP folder are imported with
        it.
      </Text>
    </Fieldset.Root>
  );
}

function SampleTable({ columns, rows, fileName }: { columns: string[]; rows: string[][]; fileName: string }) {
  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="md">
      <Table.Root size="sm">
        <Table.Caption captionSide="top" textAlign="start" px="3" color="fg.muted">
          First rows of {fileName}
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            {columns.map((column) => (
              <Table.ColumnHeader key={column} whiteSpace="nowrap">
                {column}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: sample rows have no identity and never reorder.
            <Table.Row key={index}>
              {columns.map((column, at) => (
                <Table.Cell key={column} whiteSpace="nowrap">
                  {row[at] ?? ''}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** The sample's data point names that match no data point yet: those rows will be problems. */
function PointColumnHint({
  column,
  columns,
  rows,
  dataPoints,
}: {
  column: string;
  columns: string[];
  rows: string[][];
  dataPoints: DataPoint[] | undefined;
}) {
  const index = columns.indexOf(column);
  if (index < 0) return <>Each row's text must be a data point's name.</>;
  if (!dataPoints) return <>Each row's text must be a data point's name.</>;
  const names = new Set(dataPoints.map((point) => point.name));
  const unknown = [...new Set(rows.map((row) => (row[index] ?? '').trim()))].filter(
    (name) => name !== '' && !names.has(name),
  );
  if (unknown.length === 0)
    return <>Each row's text must be a data point's name; the first rows all match.</>;
  return (
    <>
      Not a data point yet: {unknown.slice(0, 5).join(', ')}
      {unknown.length > 5 ? '…' : ''}. Add them under Data Feeds, or those rows will be listed as problems.
    </>
  );
}

/** A datalist is a searchable list every browser offers, with no custom widget to learn. */
function TimeZoneList() {
  const zones = useMemo(timeZoneNames, []);
  return (
    <datalist id={TIME_ZONE_LIST_ID}>
      {zones.map((zone) => (
        <option key={zone} value={zone} />
      ))}
    </datalist>
  );
}

/** The known units, then the units of the organisation's data points, then a unit a template brought. */
function unitChoices(dataPoints: DataPoint[], current: string): Option[] {
  const units: string[] = [...KNOWN_UNITS];
  for (const unit of [...dataPoints.map((point) => point.unit), current]) {
    if (unit && !units.includes(unit)) units.push(unit);
  }
  return units.map((unit) => ({ value: unit, label: unit }));
}

function pointLabel(point: DataPoint): string {
  const place = [...point.entityPath].join(' › ') || point.entityName;
  return `${point.name} (${point.unit})${place ? ` · ${place}` : ''}`;
}

function delimiterName(delimiter: string): string {
  return (
    { ',': 'commas', ';': 'semicolons', '\t': 'tabs', '|': 'vertical bars' }[delimiter] ?? `“${delimiter}”`
  );
}
