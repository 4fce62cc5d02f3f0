import type { ImportMapping } from './import-mapping';
import { ParseProblem } from './parse/problem';
import { type TimestampParser, timestampParser } from './parse/timestamp';

/**
 * Runs `make`, and a ParseProblem it throws that names no field is about the
 * mapping's `field` (a JSON Pointer within the mapping): the setting there is
 * what the person changes, not the file.
 */
export function atMappingField<T>(field: string, make: () => T): T {
  try {
    return make();
  } catch (error) {
    if (error instanceof ParseProblem && error.field === undefined)
      throw new ParseProblem(error.reason, { row: error.row, column: error.column, field });
    throw error;
  }
}

/** The mapping's time reader; a zone no clock knows is pointed at /timestamp/timeZone. */
export function mappedTimeParser(mapping: ImportMapping): TimestampParser {
  return atMappingField('/timestamp/timeZone', () =>
    timestampParser(mapping.timestamp.format, mapping.timestamp.timeZone),
  );
}
