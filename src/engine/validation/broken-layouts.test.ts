import { beforeAll, describe, expect, it } from 'vitest';
import { minimalPage } from '../../../tests/fixtures/minimal-page';
import { loadLayout } from '../load-layout';
import { knownWidgetNames, loadDataValidators } from './compiled-validators';
import { formatIssue } from './issue';

// loadLayout checks each widget's data with that widget's own validator, fetched first.
beforeAll(() => loadDataValidators(knownWidgetNames));

type Page = ReturnType<typeof minimalPage>;
const W = '/rows/0/columns/0/cards/0/widgets/0';

/** Each case breaks one thing in a valid page and names every message the person editing it must see. */
const CASES: { name: string; change: (page: Page) => unknown; expected: string[] }[] = [
  {
    name: 'a span the grid does not offer',
    change: (page) => set(page, '/rows/0/columns/1/span', 5),
    expected: ['/rows/0/columns/1/span: must be one of 3, 4, 6, 8, 9, 12'],
  },
  {
    name: 'a wrong width at one breakpoint',
    change: (page) => set(page, '/rows/0/columns/0/span', { base: 12, md: 7 }),
    expected: ['/rows/0/columns/0/span/md: must be one of 3, 4, 6, 8, 9, 12'],
  },
  {
    name: 'a breakpoint that does not exist',
    change: (page) => set(page, '/rows/0/columns/0/span', { xxl: 6 }),
    expected: ['/rows/0/columns/0/span/xxl: is not a known field here'],
  },
  {
    name: 'an unknown widget name',
    change: (page) => set(page, `${W}/name`, 'sparkline'),
    expected: [`${W}/name: unknown widget "sparkline"; known widgets: ${knownWidgetNames.join(', ')}`],
  },
  {
    name: 'a widget prop of the wrong type',
    change: (page) => set(page, `${W}/data/value`, true),
    expected: [`${W}/data/value: must be a number or a string or null`],
  },
  {
    name: 'a missing widget prop',
    change: (page) => set(page, `${W}/data`, { value: 3 }),
    expected: [`${W}/data/label: is required`],
  },
  {
    name: 'an unknown widget prop',
    change: (page) => set(page, `${W}/data/colour`, 'red'),
    expected: [`${W}/data/colour: is not a known field here`],
  },
  {
    name: 'an empty required text',
    change: (page) => set(page, `${W}/data/label`, ''),
    expected: [`${W}/data/label: must not be empty`],
  },
  {
    name: 'a number out of range',
    change: (page) => set(page, W, { key: 'w1', name: 'map', data: { markers: [], zoom: 25 } }),
    expected: [`${W}/data/zoom: must be <= 19`],
  },
  {
    name: 'a repeated item in a list that must be unique',
    change: (page) =>
      set(page, W, {
        key: 'w1',
        name: 'bar-chart',
        data: { keys: ['gas', 'gas'], bars: [{ label: 'Mon', values: {} }] },
      }),
    expected: [`${W}/data/keys/1: repeats item 0`],
  },
  {
    name: 'an empty list that needs items',
    change: (page) => set(page, W, { key: 'w1', name: 'line-chart', data: { series: [] } }),
    expected: [`${W}/data/series: must have at least 1 item`],
  },
  {
    name: 'an unknown field on the page',
    change: (page) => set(page, '/colour', 'red'),
    expected: ['/colour: is not a known field here'],
  },
  {
    name: 'a missing title',
    change: (page) => set(page, '/title', undefined),
    expected: ['/title: is required'],
  },
  {
    name: 'rows that are not a list',
    change: (page) => set(page, '/rows', { r1: {} }),
    expected: ['/rows: must be an array'],
  },
  {
    name: 'widget data that is not an object',
    change: (page) => set(page, `${W}/data`, 'Electricity'),
    expected: [`${W}/data: must be an object`],
  },
  {
    name: 'a script URL in a link',
    change: (page) =>
      set(page, `${W}`, {
        key: 'w1',
        name: 'button-group',
        data: { buttons: [{ label: 'x', href: 'javascript:alert(1)' }] },
      }),
    expected: [`${W}/data/buttons/0/href: must match the pattern ^(https?://|mailto:|/(?![/\\\\\\s]))`],
  },
  {
    name: 'a path that a browser reads as another site',
    change: (page) =>
      set(page, `${W}`, {
        key: 'w1',
        name: 'button-group',
        data: { buttons: [{ label: 'x', href: '/\\evil.example' }] },
      }),
    expected: [`${W}/data/buttons/0/href: must match the pattern ^(https?://|mailto:|/(?![/\\\\\\s]))`],
  },
  {
    name: 'two rows with the same key',
    change: (page) => set(page, '/rows/1', { key: 'r1', columns: [] }),
    expected: ['/rows/1/key: duplicate key "r1" (first used at /rows/0)'],
  },
  {
    name: 'two widgets with the same key in one card',
    change: (page) =>
      set(page, `/rows/0/columns/0/cards/0/widgets/1`, { key: 'w1', name: 'text', data: { body: 'Again' } }),
    expected: [
      '/rows/0/columns/0/cards/0/widgets/1/key: duplicate key "w1" (first used at /rows/0/columns/0/cards/0/widgets/0)',
    ],
  },
  {
    name: 'a schema version from the future',
    change: (page) => set(page, '/schemaVersion', 3),
    expected: ['/schemaVersion: version 3 is newer than this app understands (2); update the app'],
  },
  {
    name: 'a document that is not an object',
    change: () => 'a page',
    expected: ['/: must be an object'],
  },
];

describe('broken layouts', () => {
  it.each(CASES)('reports $name at its exact pointer', ({ change, expected }) => {
    const result = loadLayout({ document: change(minimalPage()) });
    expect(result.page).toBeUndefined();
    expect(result.issues.map(formatIssue)).toEqual(expected);
  });

  it('accepts the same key under different parents', () => {
    expect(loadLayout({ document: minimalPage() }).issues).toEqual([]);
  });

  it('names the line and column of a JSON syntax error', () => {
    const result = loadLayout({ text: '{\n  "title": "x",\n  "rows": [,]\n}' });
    expect(result.issues.map(formatIssue)).toEqual([
      '/: not valid JSON: expected a value at line 3, column 12',
    ]);
  });

  it.each([
    ['{"title": "x",}', '/: not valid JSON: expected a property name in double quotes at line 1, column 15'],
    ['{"title": "x"\n "id": "y"}', "/: not valid JSON: expected ',' between items at line 2, column 2"],
    ['{"title": "x', '/: not valid JSON: a string is not closed at line 1, column 11'],
    ['{"rows": [] // comment\n}', '/: not valid JSON: comments are not allowed in JSON at line 1, column 13'],
  ])('explains the JSON error in %j', (text, message) => {
    expect(loadLayout({ text }).issues.map(formatIssue)).toEqual([message]);
  });

  it('refuses a 10 MB layout before parsing it', () => {
    const text = JSON.stringify({ ...minimalPage(), description: 'x'.repeat(10 * 1024 * 1024) });
    expect(loadLayout({ text }).issues.map(formatIssue)).toEqual([
      '/: the layout is 10.0 MB; the limit is 2.0 MB',
    ]);
  });

  it('counts the limit in UTF-8 bytes, not characters', () => {
    // 1.1 million characters, each two bytes in UTF-8: under the limit counted in characters, over it in bytes.
    const text = JSON.stringify({ ...minimalPage(), description: 'é'.repeat(1_100_000) });
    expect(loadLayout({ text }).issues.map(formatIssue)).toEqual([
      '/: the layout is 2.1 MB; the limit is 2.0 MB',
    ]);
  });

  it('says an empty text is empty', () => {
    expect(loadLayout({ text: '  \n' }).issues.map(formatIssue)).toEqual([
      '/: the layout is empty; expected a JSON object',
    ]);
  });
});

/** Sets (or, with undefined, deletes) the value at a JSON Pointer in place, creating nothing on the way. */
function set(page: Page, pointer: string, value: unknown): Page {
  const parts = pointer.split('/').slice(1);
  const last = parts.pop() as string;
  let target: Record<string, unknown> = page;
  for (const part of parts) target = target[part] as Record<string, unknown>;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return page;
}
