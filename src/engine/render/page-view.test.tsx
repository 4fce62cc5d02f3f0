import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LayoutIssue } from '../validation/issue';
import { PageView } from './page-view';
import { useIssuesPerRow } from './use-issues-per-row';
import { type RegisteredWidget, type WidgetRegistry, WidgetRegistryProvider } from './widget-registry';

/** A registry of one widget, "stat", that counts how often each of its labels is drawn. */
function countingRegistry() {
  const draws = new Map<string, number>();
  const Stat: RegisteredWidget = ({ data }) => {
    const label = (data as { label: string }).label;
    draws.set(label, (draws.get(label) ?? 0) + 1);
    return <span>{label}</span>;
  };
  const registry: WidgetRegistry = { names: ['stat'], componentFor: () => Stat, preload: async () => {} };
  return { registry, draws };
}

const row = (key: string, labels: string[]) => ({
  key,
  columns: labels.map((label) => ({
    key: label,
    span: 4,
    cards: [{ key: label, widgets: [{ key: 'w', name: 'stat', data: { label } }] }],
  })),
});

const NONE = new Map<string, LayoutIssue[]>();

describe('PageView', () => {
  it('draws again only the card an edit changed, when the rest of the document is the same objects', () => {
    const { registry, draws } = countingRegistry();
    const first = [row('a', ['a1', 'a2']), row('b', ['b1', 'b2'])];
    const view = (rows: unknown[], issues = NONE) => (
      <ChakraProvider value={defaultSystem}>
        <WidgetRegistryProvider registry={registry}>
          <PageView rows={rows} issuesByNode={issues} />
        </WidgetRegistryProvider>
      </ChakraProvider>
    );
    const { rerender, getByText } = render(view(first));
    expect(Object.fromEntries(draws)).toEqual({ a1: 1, a2: 1, b1: 1, b2: 1 });

    // As the editor's patches leave it: row b and column a1 untouched, a2's widget replaced.
    const [rowA, rowB] = first as [ReturnType<typeof row>, ReturnType<typeof row>];
    const edited = { ...rowA, columns: [rowA.columns[0], row('x', ['a2 changed']).columns[0]] };
    rerender(view([edited, rowB], new Map()));
    expect(getByText('a2 changed')).toBeTruthy();
    expect(Object.fromEntries(draws)).toEqual({ a1: 1, a2: 1, b1: 1, b2: 1, 'a2 changed': 1 });
  });
});

describe('useIssuesPerRow', () => {
  const issue = (pointer: string, message = 'is wrong'): [string, LayoutIssue[]] => [
    pointer,
    [{ pointer, message }],
  ];

  it('keeps a row’s map while its issues read the same, and gives a new one when they change', () => {
    const { result, rerender } = renderHook(({ issues }) => useIssuesPerRow(issues, 3), {
      initialProps: { issues: new Map([issue('/rows/0/columns/1'), issue('/rows/2')]) },
    });
    const [zero, one, two] = result.current;
    expect([...(zero ?? [])].map(([pointer]) => pointer)).toEqual(['/rows/0/columns/1']);
    expect(one?.size).toBe(0);
    expect([...(two ?? [])].map(([pointer]) => pointer)).toEqual(['/rows/2']);

    // A new validation: the same issue in row 0, a changed one in row 2, a new one in row 1.
    rerender({
      issues: new Map([issue('/rows/0/columns/1'), issue('/rows/1/key'), issue('/rows/2', 'other')]),
    });
    const [zeroAgain, oneAgain, twoAgain] = result.current;
    expect(zeroAgain).toBe(zero);
    expect(oneAgain?.get('/rows/1/key')).toBeTruthy();
    expect(twoAgain).not.toBe(two);
    // "/rows/10" is not in row 1.
    rerender({ issues: new Map([issue('/rows/10/key')]) });
    expect(result.current.every((issues) => issues.size === 0)).toBe(true);
  });
});
