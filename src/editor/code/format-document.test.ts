import { describe, expect, it } from 'vitest';
import { type FormattingChange, formattingChanges } from './format-document';

function formatted(text: string): string | undefined {
  const changes = formattingChanges(text);
  if (!changes) return undefined;
  // Applied from the end, so each change's offsets still refer to the original text.
  return [...changes]
    .sort((a, b) => b.from - a.from)
    .reduce(
      (result, { from, to, insert }: FormattingChange) => result.slice(0, from) + insert + result.slice(to),
      text,
    );
}

describe('formattingChanges', () => {
  it('pretty-prints as JSON.stringify with two spaces does', () => {
    const page = {
      title: 'Demo',
      rows: [{ key: 'top', columns: [{ key: 'left', span: { base: 12, md: 6 }, cards: [] }] }],
      tags: [],
      data: {},
    };
    expect(formatted(JSON.stringify(page))).toBe(JSON.stringify(page, null, 2));
    expect(formatted('{ "a" :[1,\n\n 2] ,"b":{ } }')).toBe('{\n  "a": [\n    1,\n    2\n  ],\n  "b": {}\n}');
  });

  it('writes numbers and strings exactly as typed', () => {
    expect(formatted('{"n":1.50,"e":1e3,"s":"a\\u00e9"}')).toBe(
      '{\n  "n": 1.50,\n  "e": 1e3,\n  "s": "a\\u00e9"\n}',
    );
  });

  it('changes nothing in text already formatted', () => {
    expect(formattingChanges(JSON.stringify({ a: [1, { b: true }] }, null, 2))).toEqual([]);
  });

  it('refuses text that is not valid JSON', () => {
    expect(formattingChanges('{"a": 1,}')).toBeUndefined();
    expect(formattingChanges('{"a": 1 "b": 2}')).toBeUndefined();
    expect(formattingChanges('{"a": 1} // note')).toBeUndefined();
    expect(formattingChanges('')).toBeUndefined();
  });
});
