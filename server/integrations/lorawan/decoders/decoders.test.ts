import { describe, expect, it } from 'vitest';
import type { Uplink } from '../normalise-uplink';
import { decodeBytes } from './bytes-decoder';
import { decodeCayenneLpp } from './cayenne-lpp';
import { decodeUplink } from './decode-uplink';
import { readingValues } from './decoded-values';
import { parseDecoder } from './decoder';

const hex = (text: string) => Buffer.from(text.replace(/\s/g, ''), 'hex');
const entries = (values: Map<string, number>) => Object.fromEntries(values);

describe('Cayenne LPP', () => {
  it('decodes the specification examples', () => {
    expect(entries(decodeCayenneLpp(hex('03 67 01 10 05 67 00 FF')).values)).toEqual({
      temperature_3: 27.2,
      temperature_5: 25.5,
    });
    expect(entries(decodeCayenneLpp(hex('01 67 FF D7')).values)).toEqual({ temperature_1: -4.1 });
    expect(entries(decodeCayenneLpp(hex('06 71 04 D2 FB 2E 00 00')).values)).toEqual({
      accelerometer_6_x: 1.234,
      accelerometer_6_y: -1.234,
      accelerometer_6_z: 0,
    });
    expect(entries(decodeCayenneLpp(hex('01 88 06 76 5F F2 96 0A 00 03 E8')).values)).toEqual({
      gps_1_latitude: 42.3519,
      gps_1_longitude: -87.9094,
      gps_1_altitude: 10,
    });
  });

  it('decodes every supported type in one frame', () => {
    const frame = hex(
      '01 00 01  02 01 00  03 02 FF 38  04 03 01 2C  05 65 01 F4  06 66 01  07 68 61  08 73 27 7F  09 86 01 2C FE D4 00 64',
    );
    expect(decodeCayenneLpp(frame)).toEqual({
      values: new Map([
        ['digital_in_1', 1],
        ['digital_out_2', 0],
        ['analog_in_3', -2],
        ['analog_out_4', 3],
        ['illuminance_5', 500],
        ['presence_6', 1],
        ['humidity_7', 48.5],
        ['barometer_8', 1011.1],
        ['gyrometer_9_x', 3],
        ['gyrometer_9_y', -3],
        ['gyrometer_9_z', 1],
      ]),
      problems: [],
    });
  });

  it('keeps the records before an unknown type or a cut-off record, and says where it stopped', () => {
    expect(decodeCayenneLpp(hex('01 67 00 EB 02 99 00'))).toEqual({
      values: new Map([['temperature_1', 23.5]]),
      problems: ['Cayenne LPP: unknown type 153 at byte 5'],
    });
    expect(decodeCayenneLpp(hex('01 67 00 EB 02 68'))).toEqual({
      values: new Map([['temperature_1', 23.5]]),
      problems: ['Cayenne LPP: humidity on channel 2 needs 1 bytes at byte 6'],
    });
    expect(decodeCayenneLpp(hex('01'))).toEqual({
      values: new Map(),
      problems: ['Cayenne LPP: a record is cut off at byte 0'],
    });
    expect(decodeCayenneLpp(Buffer.alloc(0))).toEqual({ values: new Map(), problems: [] });
  });
});

describe('bytes decoder', () => {
  const payload = hex(
    'FF 80  00 D7  D7 00  FF 29  29 FF  00 01 E2 40  40 E2 01 00  FF FF FF FE  FE FF FF FF  41 AA 66 66  66 66 AA 41',
  );

  it('reads every number type at its offset', () => {
    const decoded = decodeBytes(
      [
        { name: 'u8', offset: 0, type: 'uint8' },
        { name: 'i8', offset: 1, type: 'int8' },
        { name: 'u16be', offset: 2, type: 'uint16be' },
        { name: 'u16le', offset: 4, type: 'uint16le' },
        { name: 'i16be', offset: 6, type: 'int16be' },
        { name: 'i16le', offset: 8, type: 'int16le' },
        { name: 'u32be', offset: 10, type: 'uint32be' },
        { name: 'u32le', offset: 14, type: 'uint32le' },
        { name: 'i32be', offset: 18, type: 'int32be' },
        { name: 'i32le', offset: 22, type: 'int32le' },
        { name: 'f32be', offset: 26, type: 'float32be' },
        { name: 'f32le', offset: 30, type: 'float32le' },
      ],
      payload,
    );
    expect(entries(decoded.values)).toEqual({
      u8: 255,
      i8: -128,
      u16be: 215,
      u16le: 215,
      i16be: -215,
      i16le: -215,
      u32be: 123456,
      u32le: 123456,
      i32be: -2,
      i32le: -2,
      f32be: 21.3,
      f32le: 21.3,
    });
    expect(decoded.problems).toEqual([]);
  });

  it('scales and offsets to the decimal the device meant', () => {
    const decoded = decodeBytes(
      [
        { name: 'temperature', offset: 2, type: 'uint16be', scale: 0.1 },
        { name: 'battery', offset: 6, type: 'int16be', scale: 0.01, add: 5 },
      ],
      payload,
    );
    expect(entries(decoded.values)).toEqual({ temperature: 21.5, battery: 2.85 });
  });

  it('skips and reports fields past the end of a short payload', () => {
    expect(
      decodeBytes(
        [
          { name: 'first', offset: 0, type: 'uint8' },
          { name: 'missing', offset: 1, type: 'uint16be' },
        ],
        hex('07 01'),
      ),
    ).toEqual({
      values: new Map([['first', 7]]),
      problems: ['missing: uint16be at byte 1 is past the 2-byte payload'],
    });
  });

  it('reports a float that is not a finite number', () => {
    expect(decodeBytes([{ name: 'nan', offset: 0, type: 'float32be' }], hex('7F C0 00 00'))).toEqual({
      values: new Map(),
      problems: ['nan: float32be at byte 0 is not a finite number'],
    });
  });
});

describe('network decoder values', () => {
  it('keeps finite numbers, turns booleans into 0/1, flattens objects, ignores the rest', () => {
    expect(
      entries(
        readingValues({
          temperature: 22.28,
          door_open: true,
          alarm: false,
          label: 'north',
          list: [1, 2],
          nothing: null,
          infinite: Number.POSITIVE_INFINITY,
          gps_1: { latitude: 52.1, longitude: 4.3, fix: 'yes' },
        }),
      ),
    ).toEqual({
      temperature: 22.28,
      door_open: 1,
      alarm: 0,
      gps_1_latitude: 52.1,
      gps_1_longitude: 4.3,
    });
  });

  it('says when the network server decoded nothing', () => {
    const uplink: Uplink = {
      network: 'tts',
      devEui: '70B3D57ED0061A2C',
      deviceName: 'd',
      applicationId: 'a',
      receivedAt: 0,
      fPort: 1,
      fCnt: 1,
      payload: hex('01'),
    };
    expect(decodeUplink({ type: 'network' }, uplink).problems).toEqual([
      'the network server sent no decoded payload: set up a payload formatter or codec there',
    ]);
    expect(entries(decodeUplink({ type: 'network' }, { ...uplink, decoded: { t: 1 } }).values)).toEqual({
      t: 1,
    });
    expect(
      entries(decodeUplink({ type: 'cayenne-lpp' }, { ...uplink, payload: hex('01 68 50') }).values),
    ).toEqual({
      humidity_1: 40,
    });
  });
});

describe('parseDecoder', () => {
  it('accepts the three kinds, dropping unknown keys', () => {
    expect(parseDecoder({ type: 'network' })).toEqual({ decoder: { type: 'network' } });
    expect(parseDecoder({ type: 'cayenne-lpp', extra: 1 })).toEqual({ decoder: { type: 'cayenne-lpp' } });
    expect(
      parseDecoder({
        type: 'bytes',
        fields: [{ name: 't', offset: 0, type: 'int16be', scale: 0.1, code: 'x' }],
      }),
    ).toEqual({
      decoder: { type: 'bytes', fields: [{ name: 't', offset: 0, type: 'int16be', scale: 0.1 }] },
    });
  });

  it('refuses anything else with a reason', () => {
    expect(parseDecoder(null)).toEqual({ problem: 'the decoder is not an object' });
    expect(parseDecoder({ type: 'javascript', code: 'return 1' })).toEqual({
      problem: 'unknown decoder type "javascript"',
    });
    expect(parseDecoder({ type: 'bytes' })).toEqual({ problem: 'a bytes decoder needs a list of fields' });
    expect(parseDecoder({ type: 'bytes', fields: [{ name: 't', offset: -1, type: 'uint8' }] })).toEqual({
      problem: 'bytes decoder field 0 is not {name, offset, type, scale?, add?}',
    });
    expect(parseDecoder({ type: 'bytes', fields: [{ name: 't', offset: 0, type: 'int64' }] })).toHaveProperty(
      'problem',
    );
  });
});
