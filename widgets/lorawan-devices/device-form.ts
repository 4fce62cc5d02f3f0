import type { BytesDecoderField, LorawanCreateDeviceRequest } from '../../src/generated/api-types';

export type DecoderType = LorawanCreateDeviceRequest['decoder']['type'];
export type NumberType = BytesDecoderField['type'];

export const DECODER_LABELS: Record<DecoderType, string> = {
  network: "Network server's decoded payload",
  'cayenne-lpp': 'Cayenne LPP',
  bytes: 'Numbers at fixed byte positions',
};

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

/** The request for the form, or what to fix first; the server checks everything again. */
export function deviceRequest(
  form: DeviceForm,
): { request: LorawanCreateDeviceRequest } | { problem: string } {
  const devEui = form.devEui.trim().replace(/[-: ]/g, '');
  if (!/^[0-9A-Fa-f]{16}$/.test(devEui))
    return { problem: 'The DevEUI must be 16 hex digits, such as 70B3D57ED0061A2C.' };
  if (form.name.trim() === '') return { problem: 'Give the device a name.' };
  const decoder = decoderOf(form);
  if ('problem' in decoder) return decoder;
  const fields: Record<string, number> = {};
  for (const row of form.mappings) {
    const field = row.field.trim();
    if (field === '' && row.dataPointId === '') continue;
    if (field === '' || row.dataPointId === '')
      return { problem: 'Each mapping needs a field name and a data point.' };
    const id = Number(row.dataPointId);
    if (!Number.isInteger(id) || id < 1) return { problem: `"${row.dataPointId}" is not a data point id.` };
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
): { decoder: LorawanCreateDeviceRequest['decoder'] } | { problem: string } {
  if (form.decoder !== 'bytes') return { decoder: { type: form.decoder } };
  const fields: BytesDecoderField[] = [];
  for (const row of form.bytesFields) {
    const name = row.name.trim();
    if (name === '') return { problem: 'Each byte field needs a name.' };
    const offset = Number(row.offset);
    if (!Number.isInteger(offset) || offset < 0 || offset > 241) {
      return { problem: `The byte position of "${name}" must be a whole number from 0 to 241.` };
    }
    const scale = row.scale.trim() === '' ? undefined : Number(row.scale);
    if (scale !== undefined && !Number.isFinite(scale))
      return { problem: `The scale of "${name}" must be a number.` };
    fields.push({ name, offset, type: row.type, ...(scale === undefined ? {} : { scale }) });
  }
  if (fields.length === 0) return { problem: 'Add at least one byte field.' };
  return { decoder: { type: 'bytes', fields } };
}
