import { describe, expect, it } from 'vitest';
import { layoutNodeAt, pointerAtOffset, rangeOfPointer } from './pointer-offsets';

const WIDGET = '/rows/0/columns/0/cards/0/widgets/0';

/** A one-widget page laid out as the app writes layouts, two spaces a level. */
const PAGE = JSON.stringify(
  {
    schemaVersion: 2,
    id: 'demo',
    title: 'Demo',
    rows: [
      {
        key: 'top',
        columns: [
          {
            key: 'left',
            span: 4,
            cards: [{ key: 'energy', widgets: [{ key: 'kpi', name: 'kpi', data: { period: 'month' } }] }],
          },
        ],
      },
    ],
  },
  null,
  2,
);

/** The text a range covers. */
function textAt(text: string, pointer: string): string | undefined {
  const range = rangeOfPointer(text, pointer);
  return range && text.slice(range.from, range.to);
}

/** The offset just inside the first occurrence of `marker`. */
function offsetOf(text: string, marker: string, shift = 1): number {
  const index = text.indexOf(marker);
  if (index < 0) throw new Error(`${marker} is not in the text`);
  return index + shift;
}

describe('rangeOfPointer', () => {
  it('finds the value at a pointer, through objects and arrays', () => {
    expect(textAt(PAGE, '/title')).toBe('"Demo"');
    expect(textAt(PAGE, '/rows/0/columns/0/span')).toBe('4');
    expect(textAt(PAGE, `${WIDGET}/data/period`)).toBe('"month"');
    expect(textAt(PAGE, `${WIDGET}/data`)).toBe(
      '{\n  "period": "month"\n}'.replaceAll('\n', '\n                  '),
    );
  });

  it('covers the whole document for the root pointer', () => {
    expect(rangeOfPointer(PAGE, '')).toEqual({ from: 0, to: PAGE.length });
  });

  it('falls back to the nearest ancestor present when the value is missing', () => {
    // "must have required property 'label'" is reported at the missing property's place.
    expect(textAt(PAGE, `${WIDGET}/data/label`)).toBe(textAt(PAGE, `${WIDGET}/data`));
    expect(textAt(PAGE, '/rows/3/key')).toBe(textAt(PAGE, '/rows'));
    expect(textAt(PAGE, '/title/deeper')).toBe('"Demo"');
  });

  it('reads escaped keys: ~1 is a slash and ~0 a tilde', () => {
    const text = '{"a/b": 1, "c~d": 2, "~1": 3}';
    expect(textAt(text, '/a~1b')).toBe('1');
    expect(textAt(text, '/c~0d')).toBe('2');
    expect(textAt(text, '/~01')).toBe('3');
  });

  it('does not take a key for an array index or a malformed index for an element', () => {
    const text = '{"list": ["a", "b"], "map": {"0": "zero"}}';
    expect(textAt(text, '/list/1')).toBe('"b"');
    expect(textAt(text, '/list/01')).toBe('["a", "b"]');
    expect(textAt(text, '/map/0')).toBe('"zero"');
  });

  it('takes the last of a repeated key, as JSON.parse does', () => {
    expect(textAt('{"a": 1, "a": 2}', '/a')).toBe('2');
  });

  it('finds nodes in broken JSON around the mistake', () => {
    const missingComma = '{\n  "title": "Demo"\n  "id": "demo",\n  "rows": []\n}';
    expect(textAt(missingComma, '/title')).toBe('"Demo"');
    const unclosed = '{"rows": [{"key": "top", "columns": [';
    expect(textAt(unclosed, '/rows/0/key')).toBe('"top"');
    expect(textAt(unclosed, '/rows/0/columns/0')).toBe('[');
  });

  it('points at the key of a property whose value is not typed yet', () => {
    expect(textAt('{"title": }', '/title')).toBe('"title"');
  });

  it('has no range in empty text or for a string that is not a pointer', () => {
    expect(rangeOfPointer('', '')).toBeUndefined();
    expect(rangeOfPointer('{}', 'title')).toBeUndefined();
  });
});

describe('pointerAtOffset', () => {
  it('names the innermost value under the cursor', () => {
    expect(pointerAtOffset(PAGE, offsetOf(PAGE, '"month"'))).toBe(`${WIDGET}/data/period`);
    expect(pointerAtOffset(PAGE, offsetOf(PAGE, '"Demo"'))).toBe('/title');
  });

  it('names the property when the cursor is on its key or its colon', () => {
    expect(pointerAtOffset(PAGE, offsetOf(PAGE, '"span"'))).toBe('/rows/0/columns/0/span');
    expect(pointerAtOffset(PAGE, offsetOf(PAGE, '"span":', 6))).toBe('/rows/0/columns/0/span');
  });

  it('names the object or array when the cursor is between its members', () => {
    const between = offsetOf(PAGE, '"name": "kpi",', '"name": "kpi",'.length + 1);
    expect(pointerAtOffset(PAGE, between)).toBe(WIDGET);
  });

  it('counts the offset right after a value as in it', () => {
    const afterDemo = offsetOf(PAGE, '"Demo"', '"Demo"'.length);
    expect(pointerAtOffset(PAGE, afterDemo)).toBe('/title');
  });

  it('escapes keys it names', () => {
    const text = '{"a/b": {"c~d": true}}';
    expect(pointerAtOffset(text, offsetOf(text, 'true'))).toBe('/a~1b/c~0d');
  });

  it('works in broken JSON and gives the root outside every value', () => {
    const unclosed = '{"rows": [{"key": "top", "columns": [';
    expect(pointerAtOffset(unclosed, offsetOf(unclosed, '"top"'))).toBe('/rows/0/key');
    expect(pointerAtOffset('  {"a": 1}', 0)).toBe('');
    expect(pointerAtOffset('', 0)).toBe('');
  });
});

describe('layoutNodeAt', () => {
  it('shortens a pointer to the widget, card, column or row it lies in', () => {
    expect(layoutNodeAt(`${WIDGET}/data/period`)).toBe(WIDGET);
    expect(layoutNodeAt(WIDGET)).toBe(WIDGET);
    expect(layoutNodeAt('/rows/0/columns/1/cards/2/title')).toBe('/rows/0/columns/1/cards/2');
    expect(layoutNodeAt('/rows/0/columns/1/span')).toBe('/rows/0/columns/1');
    expect(layoutNodeAt('/rows/2/key')).toBe('/rows/2');
  });

  it('gives the page for its own fields and for a list not yet at an item', () => {
    expect(layoutNodeAt('/title')).toBe('');
    expect(layoutNodeAt('/rows')).toBe('');
    expect(layoutNodeAt('')).toBe('');
    expect(layoutNodeAt('/rows/0/columns')).toBe('/rows/0');
  });
});
