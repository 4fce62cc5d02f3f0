import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import type { PushReadingsRequest } from '../../../src/generated/api-types';
import { seededRandom } from '../../demo/seeded-random';
import { contractNamed } from '../../http/contracts';
import { API_VALIDATION } from '../../http/validation';
import { type ReadingColumns, readingColumns, readReadingsBody } from './readings-body';

const encoder = new TextEncoder();
const read = (text: string) => readReadingsBody(encoder.encode(text));
const validate = new Ajv(API_VALIDATION.customOptions).compile(contractNamed('pushReadings').request);

/** What the usual path makes of a body: JSON.parse, the schema, then columns; undefined where it refuses. */
function usual(text: string): ReadingColumns | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  return validate(body) ? readingColumns((body as PushReadingsRequest).readings) : undefined;
}

/** Columns compared number by number with Object.is, so -0 and 0 differ as they would in storage. */
function expectSame(actual: ReadingColumns | undefined, expected: ReadingColumns | undefined) {
  expect(actual).toBeDefined();
  expect(expected).toBeDefined();
  const a = actual as ReadingColumns;
  const e = expected as ReadingColumns;
  expect(a.dataPoint).toEqual(e.dataPoint);
  expect(a.ts).toEqual(e.ts);
  expect(Array.from(a.quality)).toEqual(Array.from(e.quality));
  expect(a.value.length).toBe(e.value.length);
  for (let index = 0; index < e.value.length; index++) {
    if (!Object.is(a.value[index], e.value[index])) {
      throw new Error(`value ${index}: ${a.value[index]} where JSON.parse gives ${e.value[index]}`);
    }
  }
}

/** Numbers as clients write them: integers, decimals, negatives, -0, long digit runs, exponents. */
function numberText(next: () => number): string {
  const pick = Math.floor(next() * 8);
  const digits = (count: number) =>
    Array.from({ length: count }, (_, index) =>
      String(Math.floor(next() * 10) || (index === 0 ? 1 : 0)),
    ).join('');
  switch (pick) {
    case 0:
      return String(Math.floor(next() * 1e6));
    case 1:
      return `${digits(1 + Math.floor(next() * 6))}.${digits(1 + Math.floor(next() * 6))}`;
    case 2:
      return `-${digits(1 + Math.floor(next() * 4))}.${digits(1 + Math.floor(next() * 9))}`;
    case 3:
      return pick === 3 && next() < 0.5 ? '-0' : '0.0';
    case 4:
      return `${digits(10 + Math.floor(next() * 10))}.${digits(1 + Math.floor(next() * 8))}`;
    case 5:
      return `${digits(1 + Math.floor(next() * 3))}e${next() < 0.5 ? '-' : '+'}${Math.floor(next() * 30)}`;
    case 6:
      return `0.${'0'.repeat(Math.floor(next() * 12))}${digits(1 + Math.floor(next() * 5))}`;
    default:
      return String(next() * 1000);
  }
}

const space = (next: () => number) => [' ', '', '\n', '\t', '\r\n  '][Math.floor(next() * 5)] as string;

function readingText(next: () => number): string {
  const fields = [
    `"dataPoint":${space(next)}${next() < 0.5 ? String(1 + Math.floor(next() * 5)) : JSON.stringify(['Main meter', 'Boiler', 'Hall 2 / CO₂'.slice(0, 6), '42'][Math.floor(next() * 4)])}`,
    `"ts":${next() < 0.5 ? String(1_700_000_000_000 + Math.floor(next() * 1e9)) : JSON.stringify(new Date(1_700_000_000_000 + Math.floor(next() * 1e9)).toISOString())}`,
    `"value":${space(next)}${numberText(next)}`,
  ];
  if (next() < 0.3) fields.push(`"quality":${JSON.stringify(next() < 0.5 ? 'estimated' : 'measured')}`);
  fields.sort(() => next() - 0.5);
  return `{${space(next)}${fields.join(`${space(next)},${space(next)}`)}${space(next)}}`;
}

function bodyText(next: () => number, count: number): string {
  const readings = Array.from({ length: count }, () => readingText(next));
  return `${space(next)}{${space(next)}"readings"${space(next)}:${space(next)}[${readings.join(`,${space(next)}`)}]${space(next)}}${space(next)}`;
}

describe('reading a pushReadings body into columns', () => {
  it('gives exactly what JSON.parse and the schema give, for 300 bodies in the shapes clients send', () => {
    const next = seededRandom(20261124);
    for (let body = 0; body < 300; body++) {
      const text = bodyText(next, 1 + Math.floor(next() * 40));
      const columns = read(text);
      try {
        expectSame(columns, usual(text));
      } catch (error) {
        throw new Error(`body ${body}: ${(error as Error).message}\n${text}`);
      }
    }
  });

  it('reads a full batch of numbers, where 15 digits or fewer are computed and the rest left to Number', () => {
    const readings = Array.from({ length: 35_040 }, (_, index) => ({
      dataPoint: 7,
      ts: 1_700_000_000_000 + index * 900_000,
      value: index % 3 === 0 ? index / 7 : index * 0.125,
    }));
    const text = JSON.stringify({ readings });
    expectSame(read(text), usual(text));
  });

  it.each([
    ['an unknown field', '{"readings":[{"dataPoint":1,"ts":1,"value":1,"unit":"kWh"}]}'],
    ['a repeated field', '{"readings":[{"dataPoint":1,"ts":1,"value":1,"value":2}]}'],
    ['a missing value', '{"readings":[{"dataPoint":1,"ts":1}]}'],
    ['an escape in a name', '{"readings":[{"dataPoint":"Main\\u0020meter","ts":1,"value":1}]}'],
    ['a name beyond ASCII', '{"readings":[{"dataPoint":"Zähler","ts":1,"value":1}]}'],
    ['an empty name', '{"readings":[{"dataPoint":"","ts":1,"value":1}]}'],
    ['a name of 201 characters', `{"readings":[{"dataPoint":"${'x'.repeat(201)}","ts":1,"value":1}]}`],
    ['a fractional id', '{"readings":[{"dataPoint":1.5,"ts":1,"value":1}]}'],
    ['a value beyond a double', '{"readings":[{"dataPoint":1,"ts":1,"value":1e999}]}'],
    ['a value in quotes', '{"readings":[{"dataPoint":1,"ts":1,"value":"12"}]}'],
    ['NaN', '{"readings":[{"dataPoint":1,"ts":1,"value":NaN}]}'],
    ['a leading zero', '{"readings":[{"dataPoint":1,"ts":1,"value":012}]}'],
    ['a bare decimal point', '{"readings":[{"dataPoint":1,"ts":1,"value":1.}]}'],
    ['a plus sign', '{"readings":[{"dataPoint":1,"ts":1,"value":+1}]}'],
    ['an unknown quality', '{"readings":[{"dataPoint":1,"ts":1,"value":1,"quality":"guessed"}]}'],
    ['a null instant', '{"readings":[{"dataPoint":1,"ts":null,"value":1}]}'],
    ['no readings', '{"readings":[]}'],
    ['another top-level field', '{"readings":[{"dataPoint":1,"ts":1,"value":1}],"source":"x"}'],
    ['a trailing comma', '{"readings":[{"dataPoint":1,"ts":1,"value":1},]}'],
    ['text after the body', '{"readings":[{"dataPoint":1,"ts":1,"value":1}]} x'],
    ['a cut-off body', '{"readings":[{"dataPoint":1,"ts":1,"value":1}'],
    ['a byte-order mark', '\uFEFF{"readings":[{"dataPoint":1,"ts":1,"value":1}]}'],
    ['an empty body', ''],
    [
      'an instant of 100 000 characters',
      `{"readings":[{"dataPoint":1,"ts":"${'9'.repeat(100_000)}","value":1}]}`,
    ],
  ])('leaves %s to JSON.parse and the schema', (_case, text) => {
    expect(read(text)).toBeUndefined();
  });

  it('leaves a batch over 50 000 readings to the schema', () => {
    const reading = '{"dataPoint":1,"ts":1,"value":1}';
    expect(read(`{"readings":[${Array(50_001).fill(reading).join(',')}]}`)).toBeUndefined();
    expect(read(`{"readings":[${Array(50_000).fill(reading).join(',')}]}`)?.value.length).toBe(50_000);
  });

  // Whatever a byte changed to, the reader either gives the body up or agrees with JSON.parse and the schema.
  it('never answers for a body the usual path would read otherwise or refuse: 3,000 bodies with one byte changed', () => {
    const next = seededRandom(7);
    const alphabet = '{}[]:,"\\ 0123456789.-+eE\u00e9aqtsvdPr\n';
    for (let trial = 0; trial < 3_000; trial++) {
      const text = bodyText(next, 1 + Math.floor(next() * 4));
      const at = Math.floor(next() * text.length);
      const changed = `${text.slice(0, at)}${alphabet[Math.floor(next() * alphabet.length)]}${text.slice(at + 1)}`;
      const columns = read(changed);
      if (columns === undefined) continue;
      try {
        expectSame(columns, usual(changed));
      } catch (error) {
        throw new Error(`${(error as Error).message}\n${changed}`);
      }
    }
  });
});
