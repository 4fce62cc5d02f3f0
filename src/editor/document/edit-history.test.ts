import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEdit, MAX_STEPS, record, redo, startHistory, TYPING_PAUSE_MS, undo } from './edit-history';
import { withoutProtoKeys } from './patch.test-helper';

/** Documents as the editor holds them: jsondiffpatch, like the editor's parser, leaves "__proto__" keys out. */
const jsonDocument = fc.jsonValue().map(withoutProtoKeys);

describe('the edit history', () => {
  it('undoes and redoes edits from any source in order', () => {
    let history = startHistory({ title: 'a', rows: [] as string[] });
    history = applyEdit(history, [{ op: 'replace', path: '/title', value: 'b' }], 'form', 0);
    history = record(history, { title: 'b', rows: ['r'] }, 'code', 10);
    history = applyEdit(history, [{ op: 'add', path: '/rows/-', value: 's' }], 'visual', 20);
    history = undo(undo(undo(history)));
    expect(history.document).toEqual({ title: 'a', rows: [] });
    history = redo(history);
    expect(history.document).toEqual({ title: 'b', rows: [] });
    expect(history.future).toHaveLength(2);
  });

  it('forgets what could be redone once a new edit is made', () => {
    let history = startHistory({ n: 0 });
    history = applyEdit(history, [{ op: 'replace', path: '/n', value: 1 }], 'form', 0);
    history = applyEdit(undo(history), [{ op: 'replace', path: '/n', value: 2 }], 'form', 1);
    expect(history.future).toHaveLength(0);
    expect(redo(history)).toBe(history);
  });

  it('takes typing without a pause as one step, and typing after a pause as another', () => {
    let history = startHistory({ text: '' });
    history = record(history, { text: 'h' }, 'code', 0);
    history = record(history, { text: 'he' }, 'code', 300);
    history = record(history, { text: 'hey' }, 'code', 600);
    history = record(history, { text: 'hey!' }, 'code', 600 + TYPING_PAUSE_MS);
    expect(history.past).toHaveLength(2);
    expect(undo(history).document).toEqual({ text: 'hey' });
    expect(undo(undo(history)).document).toEqual({ text: '' });
  });

  it('takes typing in one form field as one step, and a second field as another', () => {
    let history = startHistory({ a: '', b: '' });
    history = applyEdit(history, [{ op: 'replace', path: '/a', value: 'x' }], 'form', 0, '/a');
    history = applyEdit(history, [{ op: 'replace', path: '/a', value: 'xy' }], 'form', 100, '/a');
    history = applyEdit(history, [{ op: 'replace', path: '/b', value: 'z' }], 'form', 200, '/b');
    history = applyEdit(history, [{ op: 'replace', path: '/a', value: 'xyz' }], 'form', 300);
    expect(history.past).toHaveLength(3);
    expect(undo(undo(history)).document).toEqual({ a: 'xy', b: '' });
  });

  it('ignores an edit that changes nothing', () => {
    const history = startHistory({ n: 1 });
    expect(record(history, { n: 1 }, 'visual')).toBe(history);
  });

  it(`keeps the last ${MAX_STEPS} steps`, () => {
    let history = startHistory({ n: 0 });
    for (let n = 1; n <= MAX_STEPS + 5; n++)
      history = applyEdit(history, [{ op: 'replace', path: '/n', value: n }], 'form', n);
    expect(history.past).toHaveLength(MAX_STEPS);
    while (history.past.length > 0) history = undo(history);
    expect(history.document).toEqual({ n: 5 });
  });

  it('comes back to the start after undoing every edit of any sequence (property)', () => {
    fc.assert(
      fc.property(
        jsonDocument,
        fc.array(fc.tuple(jsonDocument, fc.constantFrom('code', 'visual')), { maxLength: 12 }),
        (start, edits) => {
          let history = startHistory(start);
          for (const [index, [after, source]] of edits.entries()) {
            history = record(history, after, source as 'code' | 'visual', index * 400);
          }
          const end = history.document;
          while (history.past.length > 0) history = undo(history);
          expect(history.document).toEqual(start);
          while (history.future.length > 0) history = redo(history);
          expect(history.document).toEqual(end);
        },
      ),
      { numRuns: 200 },
    );
  });
});
