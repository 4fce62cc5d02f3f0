import { sql } from 'kysely';

/**
 * The rows of a subquery's numeric columns as one text: each row's fields in
 * column order, fields and rows alike separated by commas, null for a NULL.
 * Years of 15-minute buckets are tens of thousands of rows, and each row
 * costs a driver (PGlite most) far more to decode than a number in a text
 * does. Arrays are no better: node-postgres parses a float8[] element by
 * element (bench:explorer, case a: 295 ms against 86 for the same 70,080
 * buckets), and an array per column cost PGlite almost twice the text of the
 * rows (case c: 7.5 against 4.2 ms for 4,020 days). In brackets the text is a
 * JSON array, which V8 reads several times faster than number by number.
 * PostgreSQL prints a float8 in the fewest digits that read back exactly;
 * an integer costs it less to print, so whole numbers (days, counts, epoch
 * milliseconds) are best given as integers. An ordered subquery feeds the
 * aggregate in its order, as PostgreSQL documents for its aggregates.
 */
export const packedRows = (columns: readonly string[]) => {
  const plain = columns.every((column) => /^[a-z_][a-z0-9_]*$/.test(column));
  if (!plain || columns.length === 0)
    throw new Error(`packedRows: ${columns.join(', ')} are not plain column names`);
  const row = columns.map((column) => `coalesce(${column}::text, 'null')`).join(` || ',' || `);
  return sql.raw(`coalesce(string_agg(${row}, ','), '')`);
};

/** Packed rows back as one array of numbers per column (null for a NULL), in row order. */
export function unpackRows(text: string, width: number): number[][] {
  const items = numbers(text);
  const rows = items.length / width;
  if (!Number.isInteger(rows))
    throw new Error(`unpackRows: ${items.length} numbers are not rows of ${width}`);
  const columns = Array.from({ length: width }, () => new Array<number>(rows));
  for (let row = 0, at = 0; row < rows; row++) {
    for (let column = 0; column < width; column++, at++)
      (columns[column] as number[])[row] = items[at] as number;
  }
  return columns;
}

/**
 * The numbers of a packed text. An infinite float8 prints as Infinity, which
 * JSON has no word for: such a text is read number by number.
 */
function numbers(text: string): number[] {
  if (text === '') return [];
  try {
    return JSON.parse(`[${text}]`) as number[];
  } catch {
    return text.split(',').map((item) => (item === 'null' ? (null as unknown as number) : Number(item)));
  }
}

/**
 * Row indices grouped by the first column (a data point's id), each group in
 * ascending order of the second (its bucket key). Rows come in whatever order
 * the database found them unless the query sorted them; sorting here, only
 * where a group is out of order, costs less than PGlite's sort.
 */
export function rowsByPoint(columns: readonly number[][]): Map<number, number[]> {
  const [ids = [], keys = []] = columns;
  const groups = new Map<number, number[]>();
  for (let row = 0; row < ids.length; row++) {
    const id = ids[row] as number;
    const group = groups.get(id);
    if (group) group.push(row);
    else groups.set(id, [row]);
  }
  for (const group of groups.values()) {
    for (let at = 1; at < group.length; at++) {
      if ((keys[group[at] as number] as number) < (keys[group[at - 1] as number] as number)) {
        group.sort((a, b) => (keys[a] as number) - (keys[b] as number));
        break;
      }
    }
  }
  return groups;
}
