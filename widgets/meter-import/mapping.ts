import type { TFunction } from 'i18next';
import type { DataImportRequest, MeterfilesResponse } from '../../src/generated/api-types';
import { isTimeZone } from '../../src/ui/time-zones';

/** How to read a meter file, as schemas/api/shared/import-mapping.schema.json describes it. */
export type ImportMapping = DataImportRequest['mapping'];
export type TimestampFormat = ImportMapping['timestamp']['format'];
export type Delimiter = NonNullable<ImportMapping['delimiter']>;

/**
 * The mapping schema's formats, each with an example of how a time looks in it
 * (as the server words them), and its name: a pattern, the same in every
 * language, or the key of its name under time.formats.* of the meter-import strings.
 */
export const TIMESTAMP_FORMATS: readonly ({ format: TimestampFormat; example: string } & (
  | { label: string }
  | { labelKey: 'epochSeconds' | 'epochMilliseconds' | 'excelSerial' }
))[] = [
  { format: 'iso', label: 'ISO 8601', example: '2024-03-31T01:15:00Z' },
  { format: 'YYYY-MM-DD HH:mm:ss', label: 'YYYY-MM-DD HH:mm:ss', example: '2024-03-31 01:15:00' },
  { format: 'DD/MM/YYYY HH:mm:ss', label: 'DD/MM/YYYY HH:mm:ss', example: '31/03/2024 01:15:00' },
  { format: 'MM/DD/YYYY HH:mm:ss', label: 'MM/DD/YYYY HH:mm:ss', example: '03/31/2024 01:15:00' },
  { format: 'DD.MM.YYYY HH:mm:ss', label: 'DD.MM.YYYY HH:mm:ss', example: '31.03.2024 01:15:00' },
  { format: 'epoch-s', labelKey: 'epochSeconds', example: '1711847700' },
  { format: 'epoch-ms', labelKey: 'epochMilliseconds', example: '1711847700000' },
  { format: 'excel-serial', labelKey: 'excelSerial', example: '45382.0104166667' },
];

/** The units the server converts between; a data point's own unit is accepted as well. */
export const KNOWN_UNITS = [
  'kWh',
  'Wh',
  'MWh',
  'kW',
  'W',
  'MW',
  'm³',
  'l',
  'ft³',
  '°C',
  '°F',
  'K',
  '%',
  'ppm',
] as const;

const DELIMITERS: readonly string[] = [',', ';', '\t', '|'];

/** The mapping form's state: every field as the user sees it, '' for "not chosen". */
export interface MappingDraft {
  hasHeader: boolean;
  timestampColumn: string;
  format: TimestampFormat;
  timeZone: string;
  valueColumn: string;
  unit: string;
  decimal: '.' | ',';
  dataPointMode: 'column' | 'one';
  dataPointColumn: string;
  /** A data point id as text, '' when none is chosen. */
  dataPointId: string;
  /** '' when the file has no quality column. */
  qualityColumn: string;
}

/** The columns of an uploaded file: its header texts, or 'Column 1', 'Column 2', ... without a header row. */
export function fileColumns(upload: MeterfilesResponse, hasHeader: boolean): string[] {
  return hasHeader ? upload.headers : upload.headers.map((_, index) => `Column ${index + 1}`);
}

/** The sample rows as data: without a header row, the first line is data too. */
export function fileRows(upload: MeterfilesResponse, hasHeader: boolean): string[][] {
  return hasHeader ? upload.sampleRows : [upload.headers, ...upload.sampleRows];
}

/** The browser's own time zone, the default for wall-clock times in a file. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const TIME_HEADER = /time|date|datum|zeit|stamp|period|interval|when/i;
const VALUE_HEADER =
  /kwh|mwh|\bwh\b|value|reading|consumption|usage|energy|volume|wert|\bkw\b|m3|m³|temp|amount|quantity/i;
const POINT_HEADER = /meter|point|name|sensor|device|channel|mpan|mprn|serial|feed|\bid\b/i;
const QUALITY_HEADER = /quality|estimated|\best\b|flag/i;

/** A first guess at the mapping from the file's headers and first rows; the user checks it. */
export function guessMapping(upload: MeterfilesResponse, timeZone = browserTimeZone()): MappingDraft {
  const columns = fileColumns(upload, true);
  const rows = fileRows(upload, true);
  const used = new Set<string>();
  const pick = (pattern: RegExp, unless?: RegExp): string => {
    const index = columns.findIndex(
      (header) => !used.has(header) && pattern.test(header) && !unless?.test(header),
    );
    if (index < 0) return '';
    const header = columns[index] as string;
    used.add(header);
    return header;
  };
  const samples = (column: string) => {
    const index = columns.indexOf(column);
    return rows.map((row) => (row[index] ?? '').trim()).filter((text) => text !== '');
  };
  const numeric = (index: number) => {
    const values = rows.map((row) => (row[index] ?? '').trim()).filter(Boolean);
    return values.length > 0 && values.every((text) => /^-?[\d\s.,]+$/.test(text));
  };

  // "Reading date" is a time, "Interval kWh" a value: a time header without value words wins.
  let timestampColumn = pick(TIME_HEADER, VALUE_HEADER) || pick(TIME_HEADER, /kwh|mwh|\bwh\b|value|m3|m³/i);
  if (!timestampColumn) {
    const index = columns.findIndex((header) => !used.has(header) && looksLikeTime(samples(header)));
    timestampColumn = index >= 0 ? (columns[index] as string) : (columns[0] ?? '');
    if (timestampColumn) used.add(timestampColumn);
  }
  let valueColumn = pick(VALUE_HEADER);
  if (!valueColumn) {
    const index = columns.findIndex((header, at) => !used.has(header) && numeric(at));
    valueColumn = index >= 0 ? (columns[index] as string) : '';
    if (valueColumn) used.add(valueColumn);
  }
  const dataPointColumn = pick(POINT_HEADER);
  const qualityColumn = pick(QUALITY_HEADER);
  const valueSamples = valueColumn ? samples(valueColumn) : [];

  return {
    hasHeader: true,
    timestampColumn,
    format: guessFormat(timestampColumn ? samples(timestampColumn) : []),
    timeZone,
    valueColumn,
    unit: guessUnit(valueColumn) ?? 'kWh',
    decimal: guessDecimal(valueSamples),
    dataPointMode: dataPointColumn ? 'column' : 'one',
    dataPointColumn,
    dataPointId: '',
    qualityColumn,
  };
}

function looksLikeTime(samples: string[]): boolean {
  const first = samples[0];
  return first !== undefined && /^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}/.test(first);
}

/** The timestamp format the sample texts fit; day-first when dates such as 01/02/2024 leave it open. */
export function guessFormat(samples: string[]): TimestampFormat {
  const first = samples[0];
  if (first === undefined) return 'iso';
  if (/^\d{4}-\d{2}-\d{2}T/.test(first) || /(Z|[+-]\d{2}:?\d{2})$/.test(first)) return 'iso';
  if (/^\d{4}-\d{1,2}-\d{1,2} \d{1,2}:\d{2}/.test(first)) return 'YYYY-MM-DD HH:mm:ss';
  if (/^\d{4}-\d{2}-\d{2}$/.test(first)) return 'iso';
  if (/^\d{1,2}\.\d{1,2}\.\d{4}/.test(first)) return 'DD.MM.YYYY HH:mm:ss';
  if (/^\d{1,2}\/\d{1,2}\/\d{4}/.test(first)) {
    const parts = samples
      .map((text) => /^(\d{1,2})\/(\d{1,2})\//.exec(text))
      .filter((match): match is RegExpExecArray => match !== null);
    if (parts.some((match) => Number(match[2]) > 12)) return 'MM/DD/YYYY HH:mm:ss';
    return 'DD/MM/YYYY HH:mm:ss';
  }
  if (/^\d{12,13}$/.test(first)) return 'epoch-ms';
  if (/^\d{9,10}$/.test(first)) return 'epoch-s';
  if (/^\d{4,5}([.,]\d+)?$/.test(first)) return 'excel-serial';
  return 'iso';
}

/** A unit named in the value column's header, e.g. "Consumption (kWh)" or "volume_m3". */
export function guessUnit(header: string): string | undefined {
  const tokens: [RegExp, string][] = [
    [/mwh/i, 'MWh'],
    [/kwh/i, 'kWh'],
    [/(^|[^a-z])wh([^a-z]|$)/i, 'Wh'],
    [/(^|[^a-z])mw([^a-z]|$)/i, 'MW'],
    [/(^|[^a-z])kw([^a-z]|$)/i, 'kW'],
    [/\(w\)|\[w\]|_w$/i, 'W'],
    [/m³|m3/i, 'm³'],
    [/ft³|ft3/i, 'ft³'],
    [/litre|liter|\(l\)|\[l\]|_l$/i, 'l'],
    [/°c|degc|celsius|℃/i, '°C'],
    [/°f|degf|fahrenheit|℉/i, '°F'],
    [/kelvin|\(k\)|\[k\]/i, 'K'],
    [/ppm|co2/i, 'ppm'],
    [/%|percent|humidity/i, '%'],
  ];
  return tokens.find(([pattern]) => pattern.test(header))?.[1];
}

/** ',' when the values use a decimal comma (1,5 or 1.234,5), '.' otherwise. */
export function guessDecimal(samples: string[]): '.' | ',' {
  const comma = samples.some((text) => /^-?[\d.\s]*\d,\d+$/.test(text) && !/^-?\d{1,3}(,\d{3})+$/.test(text));
  const point = samples.some(
    (text) => /^-?[\d,\s]*\d\.\d+$/.test(text) && !/^-?\d{1,3}(\.\d{3})+$/.test(text),
  );
  return comma && !point ? ',' : '.';
}

/** The draft as the API's mapping; the file's detected delimiter travels with it (templates reuse it for SFTP files). */
export function toMapping(draft: MappingDraft, upload: MeterfilesResponse): ImportMapping {
  const mapping: ImportMapping = {
    hasHeader: draft.hasHeader,
    timestamp: { column: draft.timestampColumn, format: draft.format, timeZone: draft.timeZone.trim() },
    value: { column: draft.valueColumn, unit: draft.unit, decimal: draft.decimal },
    dataPoint:
      draft.dataPointMode === 'column'
        ? { column: draft.dataPointColumn }
        : { id: Number(draft.dataPointId) },
  };
  if (upload.format === 'csv' && upload.delimiter && DELIMITERS.includes(upload.delimiter)) {
    mapping.delimiter = upload.delimiter as Delimiter;
  }
  if (draft.qualityColumn) mapping.quality = { column: draft.qualityColumn };
  return mapping;
}

/** A saved template as a draft for this file; columns it names that this file lacks are left unchosen. */
export function fromMapping(
  mapping: ImportMapping,
  upload: MeterfilesResponse,
): {
  draft: MappingDraft;
  missing: string[];
} {
  const hasHeader = mapping.hasHeader ?? true;
  const columns = fileColumns(upload, hasHeader);
  const missing: string[] = [];
  const column = (name: string | undefined) => {
    if (!name) return '';
    if (columns.includes(name)) return name;
    missing.push(name);
    return '';
  };
  const dataPoint = mapping.dataPoint;
  return {
    draft: {
      hasHeader,
      timestampColumn: column(mapping.timestamp.column),
      format: mapping.timestamp.format,
      timeZone: mapping.timestamp.timeZone,
      valueColumn: column(mapping.value.column),
      unit: mapping.value.unit,
      decimal: mapping.value.decimal ?? '.',
      dataPointMode: 'column' in dataPoint ? 'column' : 'one',
      dataPointColumn: 'column' in dataPoint ? column(dataPoint.column) : '',
      dataPointId: 'id' in dataPoint ? String(dataPoint.id) : '',
      qualityColumn: column(mapping.quality?.column),
    },
    missing,
  };
}

export type DraftErrors = Partial<Record<keyof MappingDraft, string>>;

/** What must be fixed before a dry run, by field; `t` reads the meter-import strings. */
export function draftErrors(draft: MappingDraft, columns: string[], t: TFunction): DraftErrors {
  const errors: DraftErrors = {};
  const known = (name: string) => name !== '' && columns.includes(name);
  if (!known(draft.timestampColumn)) errors.timestampColumn = t('errors.timestampColumn');
  if (!isTimeZone(draft.timeZone)) errors.timeZone = t('errors.timeZone');
  if (!known(draft.valueColumn)) errors.valueColumn = t('errors.valueColumn');
  else if (draft.valueColumn === draft.timestampColumn) errors.valueColumn = t('errors.sameColumn');
  if (!draft.unit.trim()) errors.unit = t('errors.unit');
  if (draft.dataPointMode === 'column' && !known(draft.dataPointColumn)) {
    errors.dataPointColumn = t('errors.dataPointColumn');
  }
  if (draft.dataPointMode === 'one' && !(Number(draft.dataPointId) > 0)) {
    errors.dataPointId = t('errors.dataPointId');
  }
  return errors;
}

/** "2024-03-31 02:15:00 GMT+1": a stored instant as wall-clock time in a zone. */
export function formatInZone(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'shortOffset',
    }).format(date);
  } catch {
    return formatUtc(iso);
  }
}

/** "2024-03-31 01:15:00 UTC". */
export function formatUtc(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
