/**
 * The data of a COPY in PostgreSQL's binary format, and how the two pools
 * (pglite-pool.ts, pg-copy-pool.ts) recognise a COPY that copyRows (copy.ts)
 * sends. Apart from copy.ts so that the pools, which database.ts builds on,
 * need nothing that needs the database.
 */
/** Writes a COPY's rows into the CopyData it is given (see copyRows). */
export type RowWriter = (data: CopyData) => void;

/** Recognises the statement copyRows sends: the COPY without its data placeholder, or undefined. */
export function copyStatement(statement: string, parameters: readonly unknown[]): string | undefined {
  const [data] = parameters;
  if (parameters.length !== 1 || !(data instanceof Uint8Array || data instanceof StreamedRows))
    return undefined;
  const match = /^(copy [a-z_][a-z0-9_]* \([a-z0-9_, ]+\) from stdin with \(format binary\)) \$1$/.exec(
    statement,
  );
  return match?.[1];
}

/** The data of a COPY whose rows a RowWriter writes, as a pool takes it: piece by piece, or whole. */
export class StreamedRows {
  constructor(private readonly write: RowWriter) {}

  /** Hands every piece to `send` as it fills, the trailer in the last. */
  sendTo(send: (piece: Uint8Array) => void): void {
    const data = new CopyData(send);
    this.write(data);
    send(data.finish());
  }

  /** All of it at once, for a connection that takes COPY data whole. */
  whole(): Uint8Array {
    const data = new CopyData();
    this.write(data);
    return data.finish();
  }
}

/** Microseconds from the Unix epoch to PostgreSQL's, 2000-01-01. */
const POSTGRES_EPOCH_MS = 946_684_800_000;
/** Days from 1970-01-01 to 2000-01-01. */
const POSTGRES_EPOCH_DAY = 10_957;
/** Element types of the arrays written (pg_type oids). */
const INT4_OID = 23;
const FLOAT8_OID = 701;
const TIMESTAMPTZ_OID = 1184;
const SIGNATURE = Uint8Array.from([0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00]);

/** About this many bytes go to the database at a time when rows are written during a COPY. */
const PIECE_BYTES = 1 << 18;

/**
 * Rows in COPY's binary format, appended field by field. Each row starts with
 * row(fieldCount); then one call per field, in the column order given to copyRows.
 * Written through a DataView, which V8 inlines: several times faster than Buffer's write methods.
 *
 * Given a sink, it hands on what it holds each time a row starts past PIECE_BYTES,
 * so pieces always end between rows (an array field fills in its length at its end).
 */
export class CopyData {
  private bytes = new Uint8Array(1 << 16);
  private view = new DataView(this.bytes.buffer);
  private length = 0;
  rows = 0;

  constructor(private readonly sink?: (piece: Uint8Array) => void) {
    this.bytes.set(SIGNATURE, 0);
    this.view.setInt32(11, 0); // flags
    this.view.setInt32(15, 0); // header extension length
    this.length = 19;
  }

  row(fields: number): this {
    if (this.sink && this.length >= PIECE_BYTES) this.handOn(this.sink);
    this.reserve(2);
    this.view.setInt16(this.length, fields);
    this.length += 2;
    this.rows++;
    return this;
  }

  int2(value: number): this {
    this.reserve(6);
    this.view.setInt32(this.length, 2);
    this.view.setInt16(this.length + 4, value);
    this.length += 6;
    return this;
  }

  int4(value: number): this {
    this.reserve(8);
    this.view.setInt32(this.length, 4);
    this.view.setInt32(this.length + 4, value);
    this.length += 8;
    return this;
  }

  float8(value: number | null): this {
    this.reserve(12);
    if (value === null) {
      this.view.setInt32(this.length, -1);
      this.length += 4;
      return this;
    }
    this.view.setInt32(this.length, 8);
    this.view.setFloat64(this.length + 4, value);
    this.length += 12;
    return this;
  }

  /** An instant given in epoch milliseconds. */
  timestamptz(epochMs: number | null): this {
    this.reserve(12);
    if (epochMs === null) {
      this.view.setInt32(this.length, -1);
      this.length += 4;
      return this;
    }
    this.view.setInt32(this.length, 8);
    // Microseconds fit a double exactly for ±285 years; split them into two 32-bit halves (BigInt is slow).
    const micros = Math.round((epochMs - POSTGRES_EPOCH_MS) * 1000);
    const high = Math.floor(micros / 4_294_967_296);
    this.view.setInt32(this.length + 4, high);
    this.view.setUint32(this.length + 8, micros - high * 4_294_967_296);
    this.length += 12;
    return this;
  }

  /** A calendar date given as days since 1970-01-01. */
  epochDay(days: number): this {
    this.reserve(8);
    this.view.setInt32(this.length, 4);
    this.view.setInt32(this.length + 4, days - POSTGRES_EPOCH_DAY);
    this.length += 8;
    return this;
  }

  /** A one-dimensional float8[]; null elements allowed. */
  float8Array(values: readonly (number | null)[]): this {
    const start = this.arrayStart(FLOAT8_OID, values.length, values.includes(null));
    for (const value of values) this.float8(value);
    return this.arrayEnd(start);
  }

  int4Array(values: readonly number[]): this {
    const start = this.arrayStart(INT4_OID, values.length, false);
    for (const value of values) this.int4(value);
    return this.arrayEnd(start);
  }

  /** A one-dimensional timestamptz[] of instants given in epoch milliseconds. */
  timestamptzArray(epochMs: readonly number[]): this {
    const start = this.arrayStart(TIMESTAMPTZ_OID, epochMs.length, false);
    for (const value of epochMs) this.timestamptz(value);
    return this.arrayEnd(start);
  }

  /**
   * An array field's header (dimensions, null flag, element type, length,
   * lower bound 1); its elements follow as fields of their own would, then
   * arrayEnd fills in the field's length. Returns where the field starts.
   */
  private arrayStart(elementOid: number, length: number, hasNull: boolean): number {
    this.reserve(24);
    const start = this.length;
    const dimensions = length > 0 ? 1 : 0;
    this.view.setInt32(start + 4, dimensions);
    this.view.setInt32(start + 8, hasNull ? 1 : 0);
    this.view.setInt32(start + 12, elementOid);
    this.length += 16;
    if (dimensions > 0) {
      this.view.setInt32(start + 16, length);
      this.view.setInt32(start + 20, 1);
      this.length += 8;
    }
    return start;
  }

  private arrayEnd(start: number): this {
    this.view.setInt32(start, this.length - start - 4);
    return this;
  }

  /** The bytes written so far go to `sink`; the next are written into a new buffer. */
  private handOn(sink: (piece: Uint8Array) => void): void {
    sink(this.bytes.subarray(0, this.length));
    this.bytes = new Uint8Array(this.bytes.length);
    this.view = new DataView(this.bytes.buffer);
    this.length = 0;
  }

  /** The data with its trailer (with a sink: what is left of it); the writer is spent afterwards. */
  finish(): Uint8Array {
    this.reserve(2);
    this.view.setInt16(this.length, -1);
    this.length += 2;
    return this.bytes.subarray(0, this.length);
  }

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + bytes));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
    this.view = new DataView(grown.buffer);
  }
}
