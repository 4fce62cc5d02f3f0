import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { sizeLimit } from './size-limit';

/** The editor's text after `insert` is typed or pasted into `doc`, and the sizes refused on the way. */
function afterInserting(doc: string, insert: string) {
  const refused: number[] = [];
  const state = EditorState.create({ doc, extensions: sizeLimit((bytes) => refused.push(bytes)) });
  const text = state.update({ changes: { from: doc.length, insert } }).state.doc.toString();
  return { text, refused };
}

describe('the size limit of code mode', () => {
  it('takes a change that leaves the text within a layout’s size', () => {
    expect(afterInserting('{"title": "', 'Energy"}')).toEqual({ text: '{"title": "Energy"}', refused: [] });
  });

  it('refuses a 10 MB paste and keeps the text as it was, saying the size refused', () => {
    const { text, refused } = afterInserting('{}', 'x'.repeat(10 * 1024 * 1024));
    expect(text).toBe('{}');
    expect(refused).toEqual([10 * 1024 * 1024 + 2]);
  });

  it('counts bytes, not characters: 1.1 million two-byte characters are over the 2 MB limit', () => {
    const { text, refused } = afterInserting('{}', 'é'.repeat(1_100_000));
    expect(text).toBe('{}');
    expect(refused).toEqual([2_200_002]);
  });
});
