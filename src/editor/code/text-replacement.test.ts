import { describe, expect, it } from 'vitest';
import { type TextReplacement, textReplacement } from './text-replacement';

function apply(text: string, { from, to, insert }: TextReplacement): string {
  return text.slice(0, from) + insert + text.slice(to);
}

describe('textReplacement', () => {
  it('rewrites only what differs between the common start and end', () => {
    const current = '{"title": "Demo", "id": "demo"}';
    const next = '{"title": "Energy", "id": "demo"}';
    const replacement = textReplacement(current, next, 0);
    expect(replacement).toMatchObject({ from: 11, to: 15, insert: 'Energy' });
    expect(apply(current, replacement)).toBe(next);
  });

  it('turns any text into any other, including insertions, deletions and repeated characters', () => {
    const pairs = [
      ['', '{}'],
      ['{}', ''],
      ['aaaa', 'aa'],
      ['aa', 'aaaa'],
      ['{"a": 1}', '{"a": 1, "b": 2}'],
      ['abcabc', 'abc'],
    ] as const;
    for (const [current, next] of pairs) expect(apply(current, textReplacement(current, next, 0))).toBe(next);
  });

  it('leaves the cursor to map through the change when the change is elsewhere', () => {
    const current = '{"title": "Demo", "id": "demo"}';
    expect(textReplacement(current, current.replace('demo"}', 'page"}'), 3).cursor).toBeUndefined();
  });

  it('keeps the cursor at the same node, as far into it, when the change swallows it', () => {
    const current = '{"title":"Demo","id":"demo"}';
    const next = '{\n  "title": "Demo",\n  "id": "demo"\n}';
    const cursor = current.indexOf('emo"'); // inside "Demo", after the D
    const replacement = textReplacement(current, next, cursor);
    expect(replacement.cursor).toBe(next.indexOf('emo"'));
  });

  it('keeps a cursor on a key on that key when the spacing around it changes', () => {
    const current = '{"title":"Demo","id":"demo"}';
    const next = '{\n  "title": "Demo",\n  "id": "demo"\n}';
    const replacement = textReplacement(current, next, current.indexOf('itle'));
    expect(replacement.cursor).toBe(next.indexOf('itle'));
  });

  it('puts the cursor on the nearest node still there when its own is gone', () => {
    const current = '{"rows": [{"key": "a"}, {"key": "b"}]}';
    const next = '{"rows": [{"key": "a"}]}';
    const replacement = textReplacement(current, next, current.indexOf('"b"') + 1);
    expect(next.slice(replacement.cursor)).toMatch(/^\[/);
  });
});
