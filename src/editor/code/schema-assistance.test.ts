import {
  CompletionContext,
  type CompletionResult,
  type CompletionContext as Context,
} from '@codemirror/autocomplete';
import { json } from '@codemirror/lang-json';
import { ensureSyntaxTree } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import { describe, expect, it } from 'vitest';
import pageSchema from '../../../schemas/page.schema.json';
import frenchHelp from '../props/help-text/fr-FR.json';
import { schemaAssistance, schemaHover } from './schema-assistance';

/** A page down to one widget, `|` marking the cursor inside it. */
function inWidget(widget: string): string {
  return `{"schemaVersion": 2, "id": "p", "title": "P", "rows": [{"key": "r", "columns": [{"key": "c", "span": 4, "cards": [{"key": "k", "widgets": [${widget}]}]}]}]}`;
}

function stateAt(marked: string): { state: EditorState; pos: number } {
  const pos = marked.indexOf('|');
  const created = EditorState.create({
    doc: marked.replace('|', ''),
    extensions: [json(), schemaAssistance(pageSchema)],
  });
  // A new state parses for 20 ms of the clock at most, which a busy machine can use up before this small
  // document is parsed (a CI run offered no values, from half a tree). The rest of the parse reaches
  // syntaxTree(), which completion reads, only in the state after it; an editor's view gets there by itself.
  if (!ensureSyntaxTree(created, created.doc.length, 5_000)) throw new Error('the page did not parse in 5 s');
  return { state: created.update({}).state, pos };
}

/** The labels completion offers at the cursor, as when Ctrl+Space is pressed. */
async function completions(marked: string): Promise<string[]> {
  const { state, pos } = stateAt(marked);
  const sources = state.languageDataAt<(context: Context) => Promise<CompletionResult | null>>(
    'autocomplete',
    pos,
  );
  const labels: string[] = [];
  for (const source of sources) {
    const result = await source(new CompletionContext(state, pos, true));
    labels.push(...(result?.options.map((option) => option.label) ?? []));
  }
  return labels;
}

async function hoverText(
  marked: string,
  translate?: (english: string) => string,
): Promise<string | undefined> {
  const { state, pos } = stateAt(marked);
  const view = { state } as EditorView;
  const tooltip = await schemaHover(translate)(view, pos, 1);
  return tooltip?.create(view).dom.textContent ?? undefined;
}

describe('completion from the page schema', () => {
  it('offers the page’s own fields', async () => {
    expect(await completions('{"schemaVersion": 2, "|"}')).toEqual(
      expect.arrayContaining(['id', 'title', 'period', 'refreshSeconds', 'rows']),
    );
  });

  it('offers every widget name in "name"', async () => {
    const names = await completions(inWidget('{"key": "w", "name": "|"}'));
    expect(names).toEqual(expect.arrayContaining(['kpi', 'line-chart', 'table', 'text']));
    expect(names.length).toBeGreaterThan(30);
  });

  it('offers a widget’s fields, and inside "data" the props of the widget named', async () => {
    expect(await completions(inWidget('{"|"}'))).toEqual(expect.arrayContaining(['key', 'name', 'data']));
    const kpiProps = await completions(inWidget('{"key": "w", "name": "kpi", "data": {"label": "x", "|"}}'));
    expect(kpiProps).toEqual(expect.arrayContaining(['dataPoint', 'figure', 'period', 'goodWhen']));
    expect(kpiProps).not.toContain('label'); // already there
    const tableProps = await completions(inWidget('{"key": "w", "name": "table", "data": {"|"}}'));
    expect(tableProps).not.toContain('goodWhen');
  });

  it('offers the values a prop allows', async () => {
    expect(
      await completions(inWidget('{"key": "w", "name": "kpi", "data": {"label": "x", "figure": "|"}}')),
    ).toEqual(expect.arrayContaining(['total', 'mean', 'max', 'min']));
  });
});

describe('hover from the page schema', () => {
  it('shows a prop’s description and the values it allows, as text', async () => {
    const text = await hoverText(
      inWidget('{"key": "w", "name": "kpi", "data": {"label": "x", "fig|ure": "total"}}'),
    );
    expect(text).toMatch(/^total for consumption/);
    expect(text).toContain('enum: total, mean, max, or min');
  });

  it('shows a prop’s description in the reader’s language where the props form’s help has it', async () => {
    const french = (english: string) => frenchHelp[english as keyof typeof frenchHelp] ?? english;
    const kpiFigure = inWidget('{"key": "w", "name": "kpi", "data": {"label": "x", "fig|ure": "total"}}');
    expect(await hoverText(kpiFigure, french)).toMatch(/^Total pour une consommation ; moyenne, maximum/);
    // A description without a translation (the page's own fields) reads as written.
    expect(await hoverText('{"refresh|Seconds": 30}', french)).toMatch(/^Fetch the live data/);
  });

  it('shows the description of a page field', async () => {
    expect(await hoverText('{"refresh|Seconds": 30}')).toMatch(/^Fetch the live data/);
  });
});
