import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderInApp } from '../../../tests/render';
import { i18next } from '../../i18n/i18n';
import { edited, energyPage } from './document-diff.test-helper';
import { DocumentDiffView } from './document-diff-view';

beforeAll(() => i18next.loadNamespaces('editor-history'));

const HOSTILE = [
  '<script>window.hacked = true</script>',
  '<img src=x onerror="window.hacked = true">',
  'javascript:window.hacked = true',
  'background: expression(alert(1))',
];

function entries(): HTMLElement[] {
  return within(screen.getByRole('list', { name: 'Differences' })).getAllByRole('listitem');
}

describe('the document diff view', () => {
  it('says so when the documents are equal', () => {
    renderInApp(<DocumentDiffView before={energyPage()} after={energyPage()} />);
    expect(screen.getByRole('status').textContent).toBe('No differences');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows a changed prop by the name of its node and its pointer, with the value before and after', () => {
    const after = edited((page) => {
      const widget = page.rows[0]?.columns[0]?.cards[0]?.widgets[0];
      if (widget) widget.data.precision = 2;
    });
    renderInApp(<DocumentDiffView before={energyPage()} after={after} />);
    expect(screen.getByRole('status').textContent).toBe('1 difference');
    const [entry] = entries();
    if (!entry) throw new Error('no entry');
    expect(within(entry).getByText('Changed')).toBeTruthy();
    expect(
      within(entry).getByText(
        'Row figures › Column electricity › Card Electricity › Widget kwh (stat) › data › precision',
      ),
    ).toBeTruthy();
    expect(within(entry).getByText('/rows/0/columns/0/cards/0/widgets/0/data/precision')).toBeTruthy();
    expect(within(entry).getByText('Before').nextElementSibling?.textContent).toBe('0');
    expect(within(entry).getByText('After').nextElementSibling?.textContent).toBe('2');
  });

  it('names each kind in words, and where a moved item came from', () => {
    const after = edited((page) => {
      const [electricity, gas, water] = page.rows[0]?.columns ?? [];
      if (!electricity || !gas || !water) return;
      page.rows[0]?.columns.splice(0, 3, water, electricity, gas);
      electricity.cards.pop();
      gas.cards.push({ key: 'boiler', title: 'Boiler', widgets: [] });
    });
    renderInApp(<DocumentDiffView before={energyPage()} after={after} />);
    const [moved, removed, added] = entries();
    expect(moved?.textContent).toContain('Moved');
    expect(moved?.textContent).toContain('Row figures › Column water');
    expect(within(moved as HTMLElement).getByText(/^from Row figures › Column water/).textContent).toBe(
      'from Row figures › Column water /rows/0/columns/2',
    );
    // A removal is named in the document it was removed from.
    expect(removed?.textContent).toContain('RemovedRow figures › Column electricity › Card Peak');
    expect(added?.textContent).toContain('AddedRow figures › Column gas › Card Boiler');
  });

  it('shows hostile strings in the documents as text, never as markup', () => {
    const after = edited((page) => {
      const widget = page.rows[0]?.columns[0]?.cards[0]?.widgets[0];
      const card = page.rows[0]?.columns[0]?.cards[0];
      if (!widget || !card) return;
      card.title = HOSTILE[0] as string;
      widget.key = HOSTILE[1] as string;
      widget.data.label = HOSTILE[2];
      widget.data.unit = HOSTILE[3];
    });
    const { container } = renderInApp(<DocumentDiffView before={energyPage()} after={after} />);
    for (const text of HOSTILE) expect(container.textContent).toContain(text);
    expect(container.querySelector('script, img, [onerror]')).toBeNull();
    expect(container.querySelector('a[href^="javascript"]')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('cuts a long value short until asked to show all of it', async () => {
    const after = edited((page) => {
      page.rows.push({
        key: 'more',
        columns: Array.from({ length: 6 }, (_, index) => ({ key: `c${index}`, span: 2, cards: [] })),
      });
    });
    renderInApp(<DocumentDiffView before={energyPage()} after={after} />);
    const [entry] = entries();
    const value = () => within(entry as HTMLElement).getByText('After').nextElementSibling?.textContent ?? '';
    expect(value()).not.toContain('"c5"');
    const showAll = within(entry as HTMLElement).getByRole('button', { name: /^Show all \d+ lines$/ });
    await userEvent.click(showAll);
    expect(value()).toContain('"c5"');
    expect(JSON.parse(value())).toEqual(after.rows[2]);
    await userEvent.click(within(entry as HTMLElement).getByRole('button', { name: 'Show less' }));
    expect(value()).not.toContain('"c5"');
  });

  it('names the sides as it is told', () => {
    const after = edited((page) => {
      page.title = 'Energy';
    });
    renderInApp(
      <DocumentDiffView before={energyPage()} after={after} beforeLabel="Theirs" afterLabel="Yours" />,
    );
    expect(screen.getByText('Theirs').nextElementSibling?.textContent).toBe('"Energy overview"');
    expect(screen.getByText('Yours').nextElementSibling?.textContent).toBe('"Energy"');
  });
});
