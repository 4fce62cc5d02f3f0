import type {
  BytesDecoder,
  BytesDecoderField,
  CayenneLppDecoder,
  NetworkDecoder,
} from '../../../../src/generated/api-types';

/** A device's decoder as lorawan_devices.decoder stores it; see schemas/api/shared/lorawan-decoder.schema.json. */
export type LorawanDecoder = NetworkDecoder | CayenneLppDecoder | BytesDecoder;

const NUMBER_TYPES = new Set<string>([
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
]);

/**
 * A stored decoder, checked again on the way out of the database: the
 * column is plain jsonb, and a row written by hand or by an older version
 * must fail with a reason, not decode garbage.
 */
export function parseDecoder(json: unknown): { decoder: LorawanDecoder } | { problem: string } {
  if (!isRecord(json)) return { problem: 'the decoder is not an object' };
  if (json.type === 'network' || json.type === 'cayenne-lpp') return { decoder: { type: json.type } };
  if (json.type !== 'bytes') return { problem: `unknown decoder type ${JSON.stringify(json.type)}` };
  if (!Array.isArray(json.fields)) return { problem: 'a bytes decoder needs a list of fields' };
  const fields: BytesDecoderField[] = [];
  for (const [index, field] of json.fields.entries()) {
    const checked = bytesField(field);
    if (!checked)
      return { problem: `bytes decoder field ${index} is not {name, offset, type, scale?, add?}` };
    fields.push(checked);
  }
  return { decoder: { type: 'bytes', fields } };
}

function bytesField(field: unknown): BytesDecoderField | undefined {
  if (!isRecord(field)) return undefined;
  const { name, offset, type, scale, add } = field;
  const valid =
    typeof name === 'string' &&
    name !== '' &&
    Number.isInteger(offset) &&
    (offset as number) >= 0 &&
    typeof type === 'string' &&
    NUMBER_TYPES.has(type) &&
    (scale === undefined || (typeof scale === 'number' && Number.isFinite(scale))) &&
    (add === undefined || (typeof add === 'number' && Number.isFinite(add)));
  if (!valid) return undefined;
  return {
    name,
    offset: offset as number,
    type: type as BytesDecoderField['type'],
    ...(scale === undefined ? {} : { scale }),
    ...(add === undefined ? {} : { add }),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
