import { ChakraProvider } from '@chakra-ui/react';
import { forEachDiagnostic } from '@codemirror/lint';
import { EditorView } from '@codemirror/view';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LayoutIssue } from '../../engine/validation/issue';
import { i18next, PROP_HELP_NAMESPACE } from '../../i18n/i18n';
import { system } from '../../theme/system';
import { CodePane, type CodePaneProps } from './code-pane';

// Completion and hover come from codemirror-json-schema, which these tests of the pane leave out:
// schema-assistance.test.ts tests them on the page schema.
vi.mock('./schema-assistance', () => ({ schemaAssistance: () => [] }));

const WIDGET = '/rows/0/columns/0/cards/0/widgets/0';

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
            span: 5,
            cards: [{ key: 'energy', widgets: [{ key: 'kpi', name: 'kpi', data: { label: 'Energy' } }] }],
          },
          { key: 'right', span: 6, cards: [] },
        ],
      },
    ],
  },
  null,
  2,
);

beforeAll(async () => {
  // The editor fetches these before it shows the pane (layout-editor.tsx, PANEL_NAMESPACES).
  await i18next.loadNamespaces(['editor-code', PROP_HELP_NAMESPACE]);
  // CodeMirror measures text through Range rectangles, which happy-dom does not lay out.
  if (!('getClientRects' in Range.prototype)) {
    Object.assign(Range.prototype, { getClientRects: () => [], getBoundingClientRect: () => new DOMRect() });
  }
});

afterEach(() => {
  document.documentElement.classList.remove('dark');
});

function paneProps(overrides: Partial<CodePaneProps> = {}): CodePaneProps {
  return {
    text: PAGE,
    onTextChange: vi.fn(),
    issues: [],
    selectedPointer: undefined,
    onSelectPointer: vi.fn(),
    onUndo: vi.fn(),
    onRedo: vi.fn(),
    schema: {},
    ...overrides,
  };
}

function renderPane(props: CodePaneProps) {
  const result = render(<CodePane {...props} />, {
    wrapper: ({ children }) => <ChakraProvider value={system}>{children}</ChakraProvider>,
  });
  const editor = screen.getByRole('textbox', { name: 'Layout document (JSON)' });
  const view = EditorView.findFromDOM(editor);
  if (!view) throw new Error('no CodeMirror view in the pane');
  const rerender = (changes: Partial<CodePaneProps>) => {
    Object.assign(props, changes);
    result.rerender(<CodePane {...props} />);
  };
  return { view, editor, rerender, unmount: result.unmount };
}

/** Types as a person would: a change at the cursor, marked as input. */
function type(view: EditorView, at: number, insert: string): void {
  view.dispatch({
    changes: { from: at, insert },
    selection: { anchor: at + insert.length },
    userEvent: 'input.type',
  });
}

function diagnosticsOf(view: EditorView): { text: string; message: string }[] {
  const found: { text: string; message: string }[] = [];
  forEachDiagnostic(view.state, (diagnostic, from, to) =>
    found.push({ text: view.state.sliceDoc(from, to), message: diagnostic.message }),
  );
  return found;
}

// The first mount (Chakra's styles, CodeMirror's) takes seconds on a busy two-core machine.
describe('CodePane', { timeout: 20_000 }, () => {
  it('shows the document in a labelled editor, described by help that says how to leave it', () => {
    const { view, editor } = renderPane(paneProps());
    expect(view.state.doc.toString()).toBe(PAGE);
    const help = document.getElementById(editor.getAttribute('aria-describedby') ?? '');
    expect(help?.textContent).toContain('press Escape, then Tab');
  });

  it('reports each change typed with the whole new text', () => {
    const props = paneProps();
    const { view } = renderPane(props);
    const at = PAGE.indexOf('Demo"') + 'Demo'.length;
    type(view, at, '!');
    expect(props.onTextChange).toHaveBeenLastCalledWith(PAGE.replace('"Demo"', '"Demo!"'));
  });

  it('shows the issues as diagnostics at their nodes, and follows new issues', () => {
    const span: LayoutIssue = {
      pointer: '/rows/0/columns/0/span',
      message: 'must be one of 3, 4, 6, 8, 9, 12',
    };
    const props = paneProps({ issues: [span] });
    const { view, rerender } = renderPane(props);
    expect(diagnosticsOf(view)).toEqual([{ text: '5', message: span.message }]);
    expect(screen.getByText('1 problem')).toBeTruthy();

    const label: LayoutIssue = {
      pointer: `${WIDGET}/data/period`,
      message: "must have required property 'x'",
    };
    rerender({ issues: [label] });
    expect(diagnosticsOf(view)).toEqual([{ text: '"data"', message: label.message }]);

    rerender({ issues: [] });
    expect(diagnosticsOf(view)).toEqual([]);
    expect(screen.getByText('No problems')).toBeTruthy();
  });

  it('sends Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y to the editor’s history, not CodeMirror’s', () => {
    const props = paneProps();
    const { view, editor } = renderPane(props);
    type(view, 1, ' ');
    fireEvent.keyDown(editor, { key: 'z', code: 'KeyZ', keyCode: 90, ctrlKey: true });
    expect(props.onUndo).toHaveBeenCalledTimes(1);
    expect(view.state.doc.toString()).toBe(`{ ${PAGE.slice(1)}`);
    fireEvent.keyDown(editor, { key: 'Z', code: 'KeyZ', keyCode: 90, ctrlKey: true, shiftKey: true });
    fireEvent.keyDown(editor, { key: 'y', code: 'KeyY', keyCode: 89, ctrlKey: true });
    expect(props.onRedo).toHaveBeenCalledTimes(2);
  });

  it('shows a text changed from outside without reporting it as typed, the cursor staying where it was', () => {
    const props = paneProps();
    const { view, rerender } = renderPane(props);
    const inLabel = PAGE.indexOf('Energy') + 3;
    view.dispatch({ selection: { anchor: inLabel } });
    const undone = PAGE.replace('"Demo"', '"Energy dashboard"');
    rerender({ text: undone });
    expect(view.state.doc.toString()).toBe(undone);
    expect(props.onTextChange).not.toHaveBeenCalled();
    expect(view.state.sliceDoc(view.state.selection.main.head).startsWith('rgy"')).toBe(true);
  });

  it('keeps the cursor in its node when the text around it is rewritten from outside', () => {
    const props = paneProps();
    const { view, rerender } = renderPane(props);
    view.dispatch({ selection: { anchor: PAGE.indexOf('Energy') + 3 } });
    rerender({ text: JSON.stringify(JSON.parse(PAGE)) });
    expect(view.state.sliceDoc(view.state.selection.main.head).startsWith('rgy"')).toBe(true);
  });

  it('does not undo a keystroke when the text of the one before comes back late', () => {
    const props = paneProps();
    const { view, rerender } = renderPane(props);
    type(view, 1, 'a');
    const first = view.state.doc.toString();
    type(view, 2, 'b');
    const second = view.state.doc.toString();
    rerender({ text: first });
    expect(view.state.doc.toString()).toBe(second);
    rerender({ text: second });
    expect(view.state.doc.toString()).toBe(second);
  });

  it('moves the cursor to the selected node and reports the node the person moves into', () => {
    const props = paneProps();
    const { view, rerender } = renderPane(props);
    rerender({ selectedPointer: WIDGET });
    expect(view.state.sliceDoc(view.state.selection.main.head).startsWith('{\n')).toBe(true);
    expect(view.state.sliceDoc(view.state.selection.main.head, view.state.doc.length)).toContain(
      '"name": "kpi"',
    );
    expect(props.onSelectPointer).not.toHaveBeenCalled();

    view.dispatch({ selection: { anchor: PAGE.indexOf('Energy') } });
    expect(props.onSelectPointer).not.toHaveBeenCalled(); // still inside the selected widget
    view.dispatch({ selection: { anchor: PAGE.indexOf('"right"') } });
    expect(props.onSelectPointer).toHaveBeenLastCalledWith('/rows/0/columns/1');
    view.dispatch({ selection: { anchor: PAGE.indexOf('"Demo"') } });
    expect(props.onSelectPointer).toHaveBeenLastCalledWith('');
    expect(props.onSelectPointer).toHaveBeenCalledTimes(2);
  });

  it('reports the node typing moved the cursor into once the typing pauses, or when the pane closes first', async () => {
    const props = paneProps();
    const { view, unmount } = renderPane(props);
    // Typed at the right column's key: the cursor is in that column now, as the text's structure says.
    const inRight = PAGE.indexOf('"right"') + 1;
    type(view, inRight, 'x');
    expect(props.onSelectPointer).not.toHaveBeenCalled();
    await waitFor(() => expect(props.onSelectPointer).toHaveBeenLastCalledWith('/rows/0/columns/1'));
    unmount();

    const closing = paneProps();
    const pane = renderPane(closing);
    type(pane.view, PAGE.indexOf('"Demo"') + 1, 'x');
    expect(closing.onSelectPointer).not.toHaveBeenCalled();
    pane.unmount();
    expect(closing.onSelectPointer).toHaveBeenLastCalledWith('');
  });

  it('formats the document with the button, as a change reported up', () => {
    const compact = JSON.stringify(JSON.parse(PAGE));
    const props = paneProps({ text: compact });
    renderPane(props);
    fireEvent.click(screen.getByRole('button', { name: 'Format' }));
    expect(props.onTextChange).toHaveBeenLastCalledWith(PAGE);
  });

  it('formats with Shift+Alt+F, and says why not when the text does not parse', () => {
    const broken = PAGE.replace('"Demo",', '"Demo"');
    const props = paneProps({ text: broken });
    const { editor } = renderPane(props);
    fireEvent.keyDown(editor, { key: 'F', code: 'KeyF', keyCode: 70, shiftKey: true, altKey: true });
    expect(props.onTextChange).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toMatch(/not valid JSON/);
  });

  it('speaks the reader’s language, CodeMirror’s own words too', async () => {
    const { view, editor } = renderPane(paneProps());
    expect(view.state.phrase('Fold line')).toBe('Fold line');
    try {
      await act(() => i18next.changeLanguage('fr-FR'));
      await waitFor(() => expect(editor.getAttribute('aria-label')).toBe('Document de mise en page (JSON)'));
      expect(view.state.phrase('Fold line')).toBe('Replier la ligne');
      expect(screen.getByRole('button', { name: 'Mettre en forme' })).toBeTruthy();
    } finally {
      await act(() => i18next.changeLanguage('en-US'));
    }
  });

  it('follows the app into the dark theme and back', async () => {
    const { view } = renderPane(paneProps());
    expect(view.state.facet(EditorView.darkTheme)).toBe(false);
    document.documentElement.classList.add('dark');
    await waitFor(() => expect(view.state.facet(EditorView.darkTheme)).toBe(true));
    document.documentElement.classList.remove('dark');
    await waitFor(() => expect(view.state.facet(EditorView.darkTheme)).toBe(false));
  });
});
