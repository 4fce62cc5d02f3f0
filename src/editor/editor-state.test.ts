import { describe, expect, it } from 'vitest';
import { editorReducer, initialEditorState } from './editor-state';

const start = { schemaVersion: 2, id: 'p', title: 'Start', rows: [] };

describe('the editor state', () => {
  it('undoes visual and code edits in one history', () => {
    let state = initialEditorState(start);
    state = editorReducer(state, {
      type: 'edit',
      patch: [{ op: 'replace', path: '/title', value: 'Visual' }],
      source: 'visual',
    });
    state = editorReducer(state, { type: 'type', text: JSON.stringify({ ...start, title: 'Typed' }), at: 0 });
    expect(state.history.document).toMatchObject({ title: 'Typed' });
    state = editorReducer(state, { type: 'undo' });
    expect(state.history.document).toMatchObject({ title: 'Visual' });
    expect(state.codeText).toBeUndefined();
    state = editorReducer(editorReducer(state, { type: 'undo' }), { type: 'redo' });
    expect(state.history.document).toMatchObject({ title: 'Visual' });
  });

  it('keeps text that is not JSON yet without touching the document', () => {
    let state = initialEditorState(start);
    state = editorReducer(state, { type: 'type', text: '{"title": ', at: 0 });
    expect(state.codeText).toBe('{"title": ');
    expect(state.history.document).toBe(start);
    expect(state.history.past).toHaveLength(0);
  });

  it('undoes text that is not JSON yet before anything in the history', () => {
    let state = initialEditorState(start);
    state = editorReducer(state, {
      type: 'edit',
      patch: [{ op: 'replace', path: '/title', value: 'Kept' }],
      source: 'form',
    });
    state = editorReducer(state, { type: 'type', text: '{"title": "Ke', at: 0 });
    state = editorReducer(state, { type: 'undo' });
    expect(state.codeText).toBeUndefined();
    expect(state.history.document).toMatchObject({ title: 'Kept' });
  });

  it('ignores an edit whose target is gone instead of failing', () => {
    const state = initialEditorState(start);
    const next = editorReducer(state, {
      type: 'edit',
      patch: [{ op: 'remove', path: '/rows/3' }],
      source: 'visual',
    });
    expect(next).toBe(state);
  });

  it('selects what an edit asks to select', () => {
    const state = editorReducer(initialEditorState(start), {
      type: 'edit',
      patch: [{ op: 'add', path: '/rows/0', value: { key: 'r', columns: [] } }],
      source: 'visual',
      select: '/rows/0',
    });
    expect(state.selected).toBe('/rows/0');
  });
});
