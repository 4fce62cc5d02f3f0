import type { BytesDecoderField } from '../../../../src/generated/api-types';
import type { DecodedValues } from './decoded-values';

type NumberType = BytesDecoderField['type'];

/** Each number type's size and reader; Buffer's readers check bounds, these are only called within them. */
const READERS: Record<NumberType, { size: number; read: (bytes: Buffer, at: number) => number }> = {
  uint8: { size: 1, read: (b, at) => b.readUInt8(at) },
  int8: { size: 1, read: (b, at) => b.readInt8(at) },
  uint16be: { size: 2, read: (b, at) => b.readUInt16BE(at) },
  uint16le: { size: 2, read: (b, at) => b.readUInt16LE(at) },
  int16be: { size: 2, read: (b, at) => b.readInt16BE(at) },
  int16le: { size: 2, read: (b, at) => b.readInt16LE(at) },
  uint32be: { size: 4, read: (b, at) => b.readUInt32BE(at) },
  uint32le: { size: 4, read: (b, at) => b.readUInt32LE(at) },
  int32be: { size: 4, read: (b, at) => b.readInt32BE(at) },
  int32le: { size: 4, read: (b, at) => b.readInt32LE(at) },
  float32be: { size: 4, read: (b, at) => shortestFloat32(b.readFloatBE(at)) },
  float32le: { size: 4, read: (b, at) => shortestFloat32(b.readFloatLE(at)) },
};

/**
 * Fixed-position numbers, value = raw * scale + add. A field past the end of
 * the payload is skipped (and reported); the others are still read, since
 * devices often send shorter frames when an optional sensor is missing.
 */
export function decodeBytes(fields: readonly BytesDecoderField[], payload: Buffer): DecodedValues {
  const values = new Map<string, number>();
  const problems: string[] = [];
  for (const field of fields) {
    const reader = READERS[field.type];
    if (field.offset + reader.size > payload.length) {
      problems.push(
        `${field.name}: ${field.type} at byte ${field.offset} is past the ${payload.length}-byte payload`,
      );
      continue;
    }
    const raw = reader.read(payload, field.offset);
    const value = decimal(raw * (field.scale ?? 1) + (field.add ?? 0));
    if (Number.isFinite(value)) values.set(field.name, value);
    else problems.push(`${field.name}: ${field.type} at byte ${field.offset} is not a finite number`);
  }
  return { values, problems };
}

/** Scales are decimal (0.1, 0.01): 215 * 0.1 is 21.500000000000004 in binary, and a reading should say 21.5. */
function decimal(value: number): number {
  return Number.isFinite(value) ? Number(value.toPrecision(15)) : value;
}

/** The shortest decimal that is the same float32: a sensor's 21.3f reads as 21.3, not 21.299999237060547. */
function shortestFloat32(value: number): number {
  if (!Number.isFinite(value)) return value;
  for (let digits = 1; digits < 9; digits++) {
    const candidate = Number(value.toPrecision(digits));
    if (Math.fround(candidate) === value) return candidate;
  }
  return value;
}
