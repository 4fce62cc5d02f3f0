/** A field of a network server's message that is missing or of the wrong type, named by its path. */
export class MalformedField extends Error {
  constructor(
    readonly path: string,
    expected: string,
  ) {
    super(`${path} ${expected}`);
  }
}

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Typed reads of one JSON object, each naming the full path of the field it
 * reads, so an error says exactly what was wrong with the message.
 */
export class FieldReader {
  constructor(
    private readonly object: JsonObject,
    private readonly path: string,
  ) {}

  private at(key: string): string {
    return this.path === '' ? key : `${this.path}.${key}`;
  }

  child(key: string): FieldReader {
    const value = this.object[key];
    if (!isObject(value)) throw new MalformedField(this.at(key), 'must be an object');
    return new FieldReader(value, this.at(key));
  }

  optionalObject(key: string): JsonObject | undefined {
    const value = this.object[key];
    if (value === undefined || value === null) return undefined;
    if (!isObject(value)) throw new MalformedField(this.at(key), 'must be an object when present');
    return value;
  }

  string(key: string): string {
    const value = this.object[key];
    if (typeof value !== 'string' || value === '')
      throw new MalformedField(this.at(key), 'must be a non-empty string');
    return value;
  }

  /** Protobuf JSON and TTS both omit zero values, so an absent number is 0. */
  integer(key: string, max: number): number {
    const value = this.object[key] ?? 0;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
      throw new MalformedField(this.at(key), `must be an integer from 0 to ${max}`);
    }
    return value;
  }

  /** Base64 bytes; absent means none (an empty payload is omitted like any empty field). */
  base64(key: string): Buffer {
    const value = this.object[key] ?? '';
    // Buffer.from skips characters that are not base64, so check first: a corrupt payload must not decode as fewer bytes.
    if (typeof value !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(value) || value.length % 4 === 1) {
      throw new MalformedField(this.at(key), 'must be base64 text');
    }
    return Buffer.from(value, 'base64');
  }

  raw(key: string): unknown {
    return this.object[key];
  }

  fieldPath(key: string): string {
    return this.at(key);
  }
}
