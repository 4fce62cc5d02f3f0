import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../tests/render';
import { moveCard } from './document/layout-edits';
import { useEditorSession } from './use-editor-session';

const card = (key: string) => ({ key, widgets: [{ name: 'card-statistic' }] });
const START = {
  schemaVersion: 2,
  id: 'p',
  title: 'Two columns',
  rows: [
    {
      columns: [
        { key: 'left', width: 6, cards: [card('moved')] },
        { key: 'right', width: 6, cards: [] },
      ],
    },
  ],
};

/** The canvas at its smallest: a button per card, where the arrows move it, as the visual canvas's cards do. */
function Canvas() {
  const { document, commands } = useEditorSession(START, () => {});
  const { rows } = document as typeof START;
  return (
    <>
      {rows.flatMap((row, r) =>
        row.columns.flatMap((column, c) =>
          column.cards.map((shown, k) => {
            const pointer = `/rows/${r}/columns/${c}/cards/${k}`;
            return (
              <button
                key={`${column.key}-${shown.key}`}
                type="button"
                data-card-select={pointer}
                data-column={column.key}
                onKeyDown={(event) =>
                  commands.apply(
                    moveCard(commands.current(), pointer, event.key === 'ArrowRight' ? 'right' : 'left'),
                  )
                }
              >
                {shown.key}
              </button>
            );
          }),
        ),
      )}
    </>
  );
}

describe('the editor session', () => {
  it('keeps the keyboard on a card moved to another column as soon as it is drawn there, so the next arrow moves it again', async () => {
    renderInApp(<Canvas />);
    const cardButton = () => screen.getByRole('button', { name: 'moved' });
    (await screen.findByRole('button', { name: 'moved' })).focus();

    act(() => void fireEvent.keyDown(cardButton(), { key: 'ArrowRight' }));
    // No frame has passed: a person holding the arrow key, or a busy machine, sends the next press now.
    expect(cardButton().dataset.column).toBe('right');
    expect(document.activeElement).toBe(cardButton());

    act(() => void fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft' }));
    expect(cardButton().dataset.column).toBe('left');
    expect(document.activeElement).toBe(cardButton());
  });
});
