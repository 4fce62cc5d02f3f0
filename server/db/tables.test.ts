import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  type ColumnClass,
  type DeclaredColumn,
  type DeclaredTables,
  readDeclaredTables,
} from './declared-tables.test-helper';
import { describeEachEngine, openTestDatabase } from './test-database';

/**
 * tables.ts is written by hand, so that it can say more than the database
 * does (string unions, Generated<>, JSON shapes); this holds it to the
 * migrations: every table and column, its nullability, a coarse class of its
 * type, and that a Generated<> column has a default.
 */
const TABLES_TS = readFileSync(new URL('./tables.ts', import.meta.url), 'utf8');

/** The types tables.ts takes from other files, as the reader should class them. */
const FOREIGN_TYPES: Record<string, ColumnClass> = {
  "ExplorerEvent['category']": 'text',
  TariffUtility: 'text',
  AlertSeverity: 'text',
};

/** Tables the database has that Kysely's queries never name. */
const UNDECLARED_TABLES = new Set(['schema_migrations']);

/**
 * How a column of each PostgreSQL type reads in TypeScript through node-postgres
 * and PGlite: bigint and numeric come back as text (a JavaScript number would
 * lose digits), and a date is selected as day::text (a Date would be shifted to
 * the server's midnight; see tables.ts).
 */
const CLASS_OF_DATABASE_TYPE: Record<string, ColumnClass> = {
  text: 'text',
  varchar: 'text',
  bpchar: 'text',
  uuid: 'text',
  int8: 'text',
  numeric: 'text',
  date: 'text',
  int2: 'number',
  int4: 'number',
  float4: 'number',
  float8: 'number',
  bool: 'boolean',
  timestamptz: 'timestamp',
  timestamp: 'timestamp',
  json: 'json',
  jsonb: 'json',
  bytea: 'bytea',
};

interface DatabaseColumn {
  table_name: string;
  column_name: string;
  is_nullable: 'YES' | 'NO';
  udt_name: string;
  has_default: boolean;
}

type DatabaseTables = Map<string, Map<string, DeclaredColumn & { hasDefault: boolean }>>;

function classOf(udtName: string): ColumnClass {
  const array = udtName.startsWith('_');
  const known = CLASS_OF_DATABASE_TYPE[array ? udtName.slice(1) : udtName];
  if (!known) throw new Error(`no class for the database type ${udtName}: add it to CLASS_OF_DATABASE_TYPE`);
  return array ? `${known}[]` : known;
}

/** Each table's columns as tables.ts would declare them, from the database. */
function fromDatabase(rows: DatabaseColumn[]): DatabaseTables {
  const tables: DatabaseTables = new Map();
  for (const row of rows) {
    if (UNDECLARED_TABLES.has(row.table_name)) continue;
    const columns = tables.get(row.table_name) ?? new Map();
    columns.set(row.column_name, {
      type: classOf(row.udt_name),
      nullable: row.is_nullable === 'YES',
      generated: false,
      hasDefault: row.has_default,
    });
    tables.set(row.table_name, columns);
  }
  return tables;
}

function typeText({ type, nullable }: DeclaredColumn): string {
  return nullable ? `${type} | null` : type;
}

/** Every way tables.ts and the database disagree, one line each, so a run shows them all. */
function differences(declared: DeclaredTables, database: DatabaseTables): string[] {
  const found: string[] = [];
  for (const table of declared.keys()) {
    if (!database.has(table)) found.push(`${table}: in tables.ts, not in the migrations`);
  }
  for (const [table, columns] of database) {
    const declaredColumns = declared.get(table);
    if (!declaredColumns) {
      found.push(`${table}: in the migrations, not in tables.ts`);
      continue;
    }
    for (const column of declaredColumns.keys()) {
      if (!columns.has(column)) found.push(`${table}.${column}: in tables.ts, not in the migrations`);
    }
    for (const [column, actual] of columns) {
      const written = declaredColumns.get(column);
      if (!written) {
        found.push(`${table}.${column}: in the migrations, not in tables.ts`);
        continue;
      }
      if (typeText(written) !== typeText(actual)) {
        found.push(
          `${table}.${column}: tables.ts says ${typeText(written)}, the migrations ${typeText(actual)}`,
        );
      }
      if (written.generated && !actual.hasDefault) {
        found.push(`${table}.${column}: Generated<> in tables.ts, but the migrations give it no default`);
      }
    }
  }
  return found;
}

describe('the reader of tables.ts', () => {
  it('reads columns, nullability, Generated<>, aliases and intersections', () => {
    const tables = readDeclaredTables(
      `
      import type { ColumnType, Generated } from 'kysely';
      type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
      type Json<T> = ColumnType<T, string | T | undefined, string | T>;
      type Status = 'on' | 'off';
      interface Common { id: Generated<number>; }
      export interface Tables {
        things: Common & {
          /** a comment */
          status: Generated<Status>;
          at: Timestamp | null;
          tags: ColumnType<string[], string[] | undefined, string[]>;
          values: (number | null)[];
          shape: Json<{ a: number }>;
          kind: Kind['name'];
        };
      }`,
      { "Kind['name']": 'text' },
    );
    expect(Object.fromEntries(tables.get('things') ?? [])).toEqual({
      id: { type: 'number', nullable: false, generated: true },
      status: { type: 'text', nullable: false, generated: true },
      at: { type: 'timestamp', nullable: true, generated: false },
      tags: { type: 'text[]', nullable: false, generated: false },
      values: { type: 'number[]', nullable: false, generated: false },
      shape: { type: 'json', nullable: false, generated: false },
      kind: { type: 'text', nullable: false, generated: false },
    });
  });

  it('stops at what it cannot read, saying where', () => {
    const read = (body: string) => () =>
      readDeclaredTables(`export interface Tables {\n  t: { ${body} };\n}`);
    expect(read('a?: string;')).toThrow('line 2: expected ":" (optional members are not read)');
    expect(read('a: Mystery;')).toThrow('t.a: Mystery is not a type this reader knows');
    expect(read('a: string | number;')).toThrow('t.a: a union of text and number');
    expect(read('a: { b: string };')).toThrow('t.a: an object type is not a column type');
    expect(read('a: 12;')).toThrow('line 2: cannot read "12;');
    expect(() => readDeclaredTables('declare const x: string;')).toThrow(
      'line 1: expected "import", "type" or "interface"',
    );
  });
});

describeEachEngine('tables.ts against the migrated database on %s', (engine) => {
  it('declares every table and column the migrations make, with their nullability and type', async () => {
    const handle = await openTestDatabase(engine);
    try {
      const { rows } = await sql<DatabaseColumn>`
        select c.table_name, c.column_name, c.is_nullable, c.udt_name,
               (c.column_default is not null or c.is_identity = 'YES') as has_default
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        join pg_class r on r.relname = c.table_name and r.relnamespace = current_schema()::regnamespace
        -- A partition (readings_2025) is its parent's rows, declared with the parent.
        where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and not r.relispartition
        order by c.table_name, c.ordinal_position`.execute(handle.db);
      const database = fromDatabase(rows);
      const declared = readDeclaredTables(TABLES_TS, FOREIGN_TYPES);
      expect(differences(declared, database)).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
