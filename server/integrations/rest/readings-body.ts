import type { PushedReading } from '../../../src/generated/api-types';
import { EXACT_DIGITS, exactDecimal } from '../../imports/parse/exact-decimal';

/** A push's readings column by column, as checkReadings takes them. */
export interface ReadingColumns {
  /** The data point each reading names: its id or its name. */
  dataPoint: (number | string)[];
  /** Each reading's instant as sent: epoch milliseconds or RFC 3339 text. */
  ts: (number | string)[];
  value: Float64Array;
  /** 1 estimated, 0 measured. */
  quality: Uint8Array;
}

/** Readings as the schema-validated JSON body has them, in columns. */
export function readingColumns(readings: readonly PushedReading[]): ReadingColumns {
  const count = readings.length;
  const columns: ReadingColumns = {
    dataPoint: new Array(count),
    ts: new Array(count),
    value: new Float64Array(count),
    quality: new Uint8Array(count),
  };
  for (let index = 0; index < count; index++) {
    const reading = readings[index] as PushedReading;
    columns.dataPoint[index] = reading.dataPoint;
    columns.ts[index] = reading.ts;
    columns.value[index] = reading.value;
    columns.quality[index] = reading.quality === 'estimated' ? 1 : 0;
  }
  return columns;
}

/** As the pushReadings schema says. */
const MAX_READINGS = 50_000;
const MAX_NAME = 200;
/** RFC 3339 with fractions of a second fits many times over; longer text is no instant, and is left to the usual path. */
const MAX_TIME_TEXT = 64;
/** A number written longer than this goes to the usual path too (its text is built to be read). */
const MAX_NUMBER_TEXT = 64;

const QUOTE = 0x22;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const MINUS = 0x2d;
const DOT = 0x2e;
const ZERO = 0x30;

/** Which field a key names; NONE for any other. */
enum Field {
  NONE = 0,
  DATA_POINT = 1,
  TS = 2,
  VALUE = 4,
  QUALITY = 8,
}
const REQUIRED = Field.DATA_POINT | Field.TS | Field.VALUE;
const ascii = (text: string) => new TextEncoder().encode(text);
const DATA_POINT_KEY = ascii('dataPoint');
const TS_KEY = ascii('ts');
const VALUE_KEY = ascii('value');
const QUALITY_KEY = ascii('quality');
const READINGS_KEY = ascii('readings');
const MEASURED = ascii('measured');
const ESTIMATED = ascii('estimated');

/** A body readReadingsBody read: it only does so for bodies the schema accepts, so it needs no validation. */
export class ReadBody {
  constructor(readonly columns: ReadingColumns) {}
}

/**
 * Reads a pushReadings body straight into columns, without an object per
 * reading: parsing and validating 35,000 readings as objects takes longer than
 * the database needs to store them.
 *
 * It reads the body clients send, `{"readings":[{"dataPoint":..,"ts":..,"value":..}, ...]}`
 * with any whitespace and field order, and answers only when the schema would
 * accept the body as it stands. Anything else (an unknown or repeated field, an
 * escape in a string, a name out of bounds, no readings or too many, a number
 * that is not finite, JSON it does not follow) gives undefined: the body is
 * then parsed and validated as usual, so every refusal keeps the schema's words.
 */
export function readReadingsBody(bytes: Uint8Array): ReadingColumns | undefined {
  const reader = new BodyReader(bytes);
  try {
    return reader.body();
  } catch (error) {
    if (error === DECLINED) return undefined;
    throw error;
  }
}

/** Thrown inside the reader to give the body up; never leaves readReadingsBody. */
const DECLINED = Symbol('declined');

class BodyReader {
  private at = 0;
  private readonly dataPoints: (number | string)[] = [];
  private readonly instants: (number | string)[] = [];
  // Typed arrays, grown by doubling: filling them costs less than pushing numbers onto arrays.
  private values = new Float64Array(1024);
  private qualities = new Uint8Array(1024);
  private count = 0;
  /** The last name read, and where its bytes were: a run of readings for one point decodes its name once. */
  private lastName = '';
  private lastNameStart = -1;
  private lastNameEnd = -1;
  private stringStart = 0;
  private stringEnd = 0;
  /** The digits of the number being read, as an integer. */
  private mantissa = 0;

  constructor(private readonly bytes: Uint8Array) {}

  body(): ReadingColumns {
    this.expect(OPEN_BRACE);
    this.skipSpace();
    this.plainString();
    if (!this.stringIs(READINGS_KEY)) throw DECLINED;
    this.expect(COLON);
    this.expect(OPEN_BRACKET);
    for (;;) {
      this.reading();
      if (this.count > MAX_READINGS) throw DECLINED;
      const next = this.next();
      if (next === CLOSE_BRACKET) break;
      if (next !== COMMA) throw DECLINED;
    }
    this.expect(CLOSE_BRACE);
    this.skipSpace();
    if (this.at !== this.bytes.length) throw DECLINED;
    return {
      dataPoint: this.dataPoints,
      ts: this.instants,
      value: this.values.slice(0, this.count),
      quality: this.qualities.slice(0, this.count),
    };
  }

  private reading(): void {
    this.expect(OPEN_BRACE);
    let seen = 0;
    let quality = 0;
    let value = 0;
    for (;;) {
      this.skipSpace();
      const field = this.field();
      if (field === Field.NONE || (seen & field) !== 0) throw DECLINED;
      seen |= field;
      this.expect(COLON);
      this.skipSpace();
      if (field === Field.DATA_POINT) this.dataPoints.push(this.dataPoint());
      else if (field === Field.TS)
        this.instants.push(this.peek() === QUOTE ? this.timeText() : this.number());
      else if (field === Field.VALUE) value = this.number();
      else quality = this.quality();
      const next = this.next();
      if (next === CLOSE_BRACE) break;
      if (next !== COMMA) throw DECLINED;
    }
    if ((seen & REQUIRED) !== REQUIRED) throw DECLINED;
    if (this.count === this.values.length) this.grow();
    this.values[this.count] = value;
    this.qualities[this.count] = quality;
    this.count++;
  }

  /** Room for twice as many readings. */
  private grow(): void {
    const values = new Float64Array(this.values.length * 2);
    values.set(this.values);
    this.values = values;
    const qualities = new Uint8Array(this.qualities.length * 2);
    qualities.set(this.qualities);
    this.qualities = qualities;
  }

  private field(): Field {
    this.plainString();
    if (this.stringIs(DATA_POINT_KEY)) return Field.DATA_POINT;
    if (this.stringIs(TS_KEY)) return Field.TS;
    if (this.stringIs(VALUE_KEY)) return Field.VALUE;
    if (this.stringIs(QUALITY_KEY)) return Field.QUALITY;
    return Field.NONE;
  }

  /** Whether the string just read is `key`, byte for byte. */
  private stringIs(key: Uint8Array): boolean {
    const { bytes, stringStart } = this;
    if (this.stringEnd - stringStart !== key.length) return false;
    for (let offset = 0; offset < key.length; offset++) {
      if (bytes[stringStart + offset] !== key[offset]) return false;
    }
    return true;
  }

  private dataPoint(): number | string {
    if (this.peek() !== QUOTE) {
      const id = this.number();
      if (!Number.isInteger(id)) throw DECLINED;
      return id;
    }
    this.plainString();
    const { stringStart: start, stringEnd: end } = this;
    if (end === start || end - start > MAX_NAME) throw DECLINED;
    if (!this.sameBytes(start, end, this.lastNameStart, this.lastNameEnd)) {
      this.lastName = this.text(start, end);
      this.lastNameStart = start;
      this.lastNameEnd = end;
    }
    return this.lastName;
  }

  private quality(): number {
    this.plainString();
    if (this.stringIs(MEASURED)) return 0;
    if (this.stringIs(ESTIMATED)) return 1;
    throw DECLINED;
  }

  /** A JSON number as JSON.parse reads it; declined unless finite. */
  private number(): number {
    const { bytes } = this;
    const start = this.at;
    const negative = bytes[this.at] === MINUS;
    if (negative) this.at++;
    const integerStart = this.at;
    this.mantissa = 0;
    const digits = this.digitRun();
    // JSON: at least one digit, and no leading zero before more digits.
    if (digits === 0 || (bytes[integerStart] === ZERO && digits > 1)) throw DECLINED;
    let decimals = 0;
    if (bytes[this.at] === DOT) {
      this.at++;
      decimals = this.digitRun();
      if (decimals === 0) throw DECLINED;
    }
    const next = bytes[this.at];
    const exponent = next === 0x65 || next === 0x45;
    if (!exponent && digits + decimals <= EXACT_DIGITS) {
      const magnitude = exactDecimal(this.mantissa, decimals);
      return negative ? -magnitude : magnitude;
    }
    // An exponent or many digits: the general reader, which rounds as JSON.parse does.
    if (exponent) {
      this.at++;
      if (bytes[this.at] === 0x2b || bytes[this.at] === MINUS) this.at++;
      if (this.digitRun() === 0) throw DECLINED;
    }
    if (this.at - start > MAX_NUMBER_TEXT) throw DECLINED;
    const value = Number(this.text(start, this.at));
    if (!Number.isFinite(value)) throw DECLINED;
    return value;
  }

  /** Reads the digits from here on into `mantissa` (exact while there are at most EXACT_DIGITS); their count. */
  private digitRun(): number {
    const { bytes } = this;
    const start = this.at;
    let at = start;
    let mantissa = this.mantissa;
    for (
      let digit = (bytes[at] as number) - ZERO;
      digit >= 0 && digit <= 9;
      digit = (bytes[++at] as number) - ZERO
    ) {
      mantissa = mantissa * 10 + digit;
    }
    this.mantissa = mantissa;
    this.at = at;
    return at - start;
  }

  /** Reads a string of printable ASCII without escapes; its bytes lie in [stringStart, stringEnd). */
  private plainString(): void {
    const { bytes } = this;
    if (bytes[this.at] !== QUOTE) throw DECLINED;
    const start = this.at + 1;
    let end = start;
    for (let byte = bytes[end] as number; byte !== QUOTE; byte = bytes[++end] as number) {
      // Escapes, control characters and anything beyond ASCII are left to JSON.parse (undefined past the end too).
      if (!(byte >= 0x20 && byte < 0x7f) || byte === 0x5c) throw DECLINED;
    }
    this.at = end + 1;
    this.stringStart = start;
    this.stringEnd = end;
  }

  private timeText(): string {
    this.plainString();
    if (this.stringEnd - this.stringStart > MAX_TIME_TEXT) throw DECLINED;
    return this.text(this.stringStart, this.stringEnd);
  }

  /** Short ASCII text (a name or an instant, bounded above), as a string. */
  private text(start: number, end: number): string {
    return String.fromCharCode.apply(null, this.bytes.subarray(start, end) as unknown as number[]);
  }

  private sameBytes(start: number, end: number, otherStart: number, otherEnd: number): boolean {
    if (end - start !== otherEnd - otherStart) return false;
    for (let offset = 0; offset < end - start; offset++) {
      if (this.bytes[start + offset] !== this.bytes[otherStart + offset]) return false;
    }
    return true;
  }

  private skipSpace(): void {
    const { bytes } = this;
    let at = this.at;
    for (
      let byte = bytes[at];
      byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
      byte = bytes[++at]
    );
    this.at = at;
  }

  private peek(): number | undefined {
    return this.bytes[this.at];
  }

  /** The next byte after any whitespace, consumed. */
  private next(): number | undefined {
    this.skipSpace();
    return this.bytes[this.at++];
  }

  private expect(byte: number): void {
    if (this.next() !== byte) throw DECLINED;
  }
}
