import type { DecodedValues } from './decoded-values';

/**
 * One Cayenne LPP data type: its IPSO-derived type byte, its name, and how
 * its bytes become values. Sizes and resolutions follow the Cayenne LPP
 * specification; values are divided (not multiplied by 0.1) so 273 gives
 * exactly 27.3.
 */
interface LppType {
  name: string;
  size: number;
  read: (bytes: Buffer, at: number) => [suffix: string, value: number][];
}

const one = (value: number): [string, number][] => [['', value]];
const axes = (bytes: Buffer, at: number, divisor: number): [string, number][] => [
  ['_x', bytes.readInt16BE(at) / divisor],
  ['_y', bytes.readInt16BE(at + 2) / divisor],
  ['_z', bytes.readInt16BE(at + 4) / divisor],
];

const LPP_TYPES = new Map<number, LppType>([
  [0, { name: 'digital_in', size: 1, read: (b, at) => one(b.readUInt8(at)) }],
  [1, { name: 'digital_out', size: 1, read: (b, at) => one(b.readUInt8(at)) }],
  [2, { name: 'analog_in', size: 2, read: (b, at) => one(b.readInt16BE(at) / 100) }],
  [3, { name: 'analog_out', size: 2, read: (b, at) => one(b.readInt16BE(at) / 100) }],
  [101, { name: 'illuminance', size: 2, read: (b, at) => one(b.readUInt16BE(at)) }],
  [102, { name: 'presence', size: 1, read: (b, at) => one(b.readUInt8(at)) }],
  [103, { name: 'temperature', size: 2, read: (b, at) => one(b.readInt16BE(at) / 10) }],
  [104, { name: 'humidity', size: 1, read: (b, at) => one(b.readUInt8(at) / 2) }],
  [113, { name: 'accelerometer', size: 6, read: (b, at) => axes(b, at, 1000) }],
  [115, { name: 'barometer', size: 2, read: (b, at) => one(b.readUInt16BE(at) / 10) }],
  [134, { name: 'gyrometer', size: 6, read: (b, at) => axes(b, at, 100) }],
  [
    136,
    {
      name: 'gps',
      size: 9,
      read: (b, at) => [
        ['_latitude', b.readIntBE(at, 3) / 10_000],
        ['_longitude', b.readIntBE(at + 3, 3) / 10_000],
        ['_altitude', b.readIntBE(at + 6, 3) / 100],
      ],
    },
  ],
]);

/**
 * Cayenne LPP: a run of [channel, type, data] records. Names are the type and
 * channel (temperature_1), with _x/_y/_z or _latitude/_longitude/_altitude for
 * the multi-value types. An unknown type or a cut-off record ends decoding,
 * since the size of what follows is unknown; the records before it are kept.
 */
export function decodeCayenneLpp(payload: Buffer): DecodedValues {
  const values = new Map<string, number>();
  let at = 0;
  while (at < payload.length) {
    if (at + 2 > payload.length) return stopped(values, `Cayenne LPP: a record is cut off at byte ${at}`);
    const channel = payload.readUInt8(at);
    const typeByte = payload.readUInt8(at + 1);
    const type = LPP_TYPES.get(typeByte);
    if (!type) return stopped(values, `Cayenne LPP: unknown type ${typeByte} at byte ${at + 1}`);
    if (at + 2 + type.size > payload.length) {
      return stopped(
        values,
        `Cayenne LPP: ${type.name} on channel ${channel} needs ${type.size} bytes at byte ${at + 2}`,
      );
    }
    for (const [suffix, value] of type.read(payload, at + 2))
      values.set(`${type.name}_${channel}${suffix}`, value);
    at += 2 + type.size;
  }
  return { values, problems: [] };
}

function stopped(values: Map<string, number>, problem: string): DecodedValues {
  return { values, problems: [problem] };
}
