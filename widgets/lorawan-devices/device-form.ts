import type { TFunction } from 'i18next';
import type { BytesDecoderField, LorawanCreateDeviceRequest } from '../../src/generated/api-types';

export type DecoderType = LorawanCreateDeviceRequest['decoder']['type'];
export type NumberType = BytesDecoderField['type'];

/** The decoders offered, in order; each is named by `decoders.<type>` in the widget's language files. */
export const DECODER_TYPES: DecoderType[] = ['network', 'cayenne-lpp', 'bytes'];

export const NUMBER_TYPES: NumberType[] = [
  'uint8',
  'int8',
  'uint16be',
  'uint16le',
  'int16be',
  'int16le',
  'uint32be',
  'uint32le',
  'int32be',
  'int32le',
  'float32be',
  'float32le',
];

/** Field names Cayenne LPP gives, offered as suggestions: type and channel. */
export const CAYENNE_EXAMPLES = [
  'temperature_1',
  'humidity_2',
  'barometer_3',
  'illuminance_4',
  'analog_in_5',
];

export interface BytesFieldRow {
  name: string;
  offset: string;
  type: NumberType;
  scale: string;
}

export interface MappingRow {
  field: string;
  dataPointId: string;
}

/** The register form as typed: text everywhere, turned into a request on submit. */
export interface DeviceForm {
  devEui: string;
  name: string;
  /** The network server's application id; empty when uplinks come under the organisation's prefix. */
  application: string;
  decoder: DecoderType;
  bytesFields: BytesFieldRow[];
  mappings: MappingRow[];
}

export const blankBytesField = (): BytesFieldRow => ({ name: '', offset: '0', type: 'int16be', scale: '' });
export const blankMapping = (): MappingRow => ({ field: '', dataPointId: '' });

export function blankDeviceForm(): DeviceForm {
  return {
    devEui: '',
    name: '',
    application: '',
    decoder: 'cayenne-lpp',
    bytesFields: [blankBytesField()],
    mappings: [blankMapping()],
  };
}

/** The names a mapping can use, where the decoder decides them. */
export function fieldSuggestions(form: DeviceForm): string[] {
  if (form.decoder === 'bytes') return form.bytesFields.map((field) => field.name.trim()).filter(Boolean);
  return form.decoder === 'cayenne-lpp' ? CAYENNE_EXAMPLES : [];
}

/**
 * The request for the form, or what to fix first, in the words of `t` (the
 * widget's namespace); the server checks everything again.
 */
export function deviceRequest(
  form: DeviceForm,
  t: TFunction,
): { request: LorawanCreateDeviceRequest } | { problem: string } {
  const devEui = form.devEui.trim().replace(/[-: ]/g, '');
  if (!/^[0-9A-Fa-f]{16}$/.test(devEui)) return { problem: t('problems.devEui') };
  if (form.name.trim() === '') return { problem: t('problems.name') };
  const decoder = decoderOf(form, t);
  if ('problem' in decoder) return decoder;
  const fields: Record<string, number> = {};
  for (const row of form.mappings) {
    const field = row.field.trim();
    if (field === '' && row.dataPointId === '') continue;
    if (field === '' || row.dataPointId === '') return { problem: t('problems.mapping') };
    const id = Number(row.dataPointId);
    if (!Number.isInteger(id) || id < 1)
      return { problem: t('problems.dataPointId', { id: row.dataPointId }) };
    fields[field] = id;
  }
  const application = form.application.trim();
  return {
    request: {
      devEui: devEui.toUpperCase(),
      name: form.name.trim(),
      ...(application === '' ? {} : { application }),
      decoder: decoder.decoder,
      fields,
    },
  };
}

function decoderOf(
  form: DeviceForm,
  t: TFunction,
): { decoder: LorawanCreateDeviceRequest['decoder'] } | { problem: string } {
  if (form.decoder !== 'bytes') return { decoder: { type: form.decoder } };
  const fields: BytesDecoderField[] = [];
  for (const row of form.bytesFields) {
    const name = row.name.trim();
    if (name === '') return { problem: t('problems.fieldName') };
    const offset = Number(row.offset);
    if (!Number.isInteger(offset) || offset < 0 || offset > 241) {
      return { problem: t('problems.offset', { name }) };
    }
    const scale = row.scale.trim() === '' ? undefined : Number(row.scale);
    if (scale !== undefined && !Number.isFinite(scale)) return { problem: t('problems.scale', { name }) };
    fields.push({ name, offset, type: row.type, ...(scale === undefined ? {} : { scale }) });
  }
  if (fields.length === 0) return { problem: t('problems.noFields') };
  return { decoder: { type: 'bytes', fields } };
}
