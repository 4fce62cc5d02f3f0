import { beforeAll, describe, expect, it } from 'vitest';
import { loadLayout } from '../load-layout';
import { knownWidgetNames, loadDataValidators } from '../validation/compiled-validators';
import { CURRENT_SCHEMA_VERSION, MIGRATIONS, migrateToCurrent } from './index';

// loadLayout checks each widget's data with that widget's own validator, fetched first.
beforeAll(() => loadDataValidators(knownWidgetNames));

const fixtures = import.meta.glob<unknown>('./fixtures/*.json', { eager: true, import: 'default' });

/** A fresh copy of fixtures/<step>.<side>.json, so no test sees another's changes. */
function fixture(step: string, side: 'input' | 'output'): unknown {
  const document = fixtures[`./fixtures/${step}.${side}.json`];
  if (document === undefined) throw new Error(`missing fixture fixtures/${step}.${side}.json`);
  return structuredClone(document);
}

/** How many rows, columns, cards and widgets a document holds, and every widget's data, by path of keys. */
function inventory(document: unknown) {
  const rows = Array.isArray(document) ? document : ((document as { rows: unknown[] }).rows ?? []);
  const counts = { rows: 0, columns: 0, cards: 0, widgets: 0 };
  const widgets: Record<string, unknown> = {};
  for (const row of rows as {
    key: string;
    columns: { key: string; cards: { key: string; widgets: { key: string }[] }[] }[];
  }[]) {
    counts.rows++;
    for (const column of row.columns) {
      counts.columns++;
      for (const card of column.cards) {
        counts.cards++;
        for (const widget of card.widgets) {
          counts.widgets++;
          widgets[`${row.key}/${column.key}/${card.key}/${widget.key}`] = widget;
        }
      }
    }
  }
  return { counts, widgets };
}

describe.each(MIGRATIONS.map((step) => [`v${step.from}-to-v${step.to}`, step] as const))(
  'migration %s',
  (name, step) => {
    const input = fixture(name, 'input');
    const output = fixture(name, 'output');

    it('turns the input fixture into the output fixture', () => {
      expect(step.migrate(input)).toEqual(output);
    });

    it('loses no row, column, card or widget, and changes no widget', () => {
      expect(inventory(step.migrate(input))).toEqual(inventory(input));
    });

    it('leaves its input untouched', () => {
      const before = structuredClone(input);
      step.migrate(input);
      expect(input).toEqual(before);
    });

    it('produces the version it promises', () => {
      expect((step.migrate(input) as { schemaVersion: number }).schemaVersion).toBe(step.to);
    });
  },
);

describe('migrating to the current version', () => {
  it('chains every step, and the result validates', () => {
    const result = loadLayout({ document: fixture('v0-to-v1', 'input') });
    expect(result.issues).toEqual([]);
    expect(result.migratedFrom).toBe(0);
    expect(result.page?.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    expect(result.page?.rows[0]?.columns.map((column) => column.span)).toEqual([
      { lg: 8, base: 12 },
      { lg: 4, base: 12 },
    ]);
  });

  it('leaves a current document as it is', () => {
    const current = fixture('v1-to-v2', 'output');
    expect(migrateToCurrent(current)).toEqual({ ok: true, document: current, fromVersion: 2 });
  });

  it('refuses a version that is not a whole number', () => {
    expect(migrateToCurrent({ schemaVersion: 'two' })).toEqual({
      ok: false,
      issues: [{ pointer: '/schemaVersion', message: 'must be a whole number' }],
    });
  });

  it('has a step from every older version, in order', () => {
    expect(MIGRATIONS.map((step) => [step.from, step.to])).toEqual(
      Array.from({ length: CURRENT_SCHEMA_VERSION }, (_, version) => [version, version + 1]),
    );
  });
});
