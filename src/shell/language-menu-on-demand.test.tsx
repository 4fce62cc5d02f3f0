import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../tests/render';
import { LanguageMenuOnDemand } from './language-menu-on-demand';

const button = () => screen.getByRole('button', { name: 'Language: English' });
/** Whether the button is the menu's own yet, its menu loaded. */
const menuLoaded = () => button().dataset.scope === 'menu';

// The first render's wall time can be seconds on a busy two-core machine.
describe('the language menu loaded on demand', { timeout: 20_000 }, () => {
  it('looks and reads as the menu until reached, and opens at the first press once the menu is there', async () => {
    renderInApp(<LanguageMenuOnDemand />);
    expect(menuLoaded()).toBe(false);
    expect(button().getAttribute('aria-haspopup')).toBe('menu');
    expect(button().getAttribute('aria-expanded')).toBe('false');
    fireEvent.pointerDown(button(), { button: 0 });
    fireEvent.click(button());
    expect(await screen.findByRole('menuitem', { name: 'Français' })).toBeTruthy();
    expect(button().getAttribute('aria-expanded')).toBe('true');
  });

  it("keeps the focus of a keyboard that reached the button, on the menu's own button", async () => {
    renderInApp(<LanguageMenuOnDemand />);
    act(() => button().focus());
    await waitFor(() => expect(menuLoaded()).toBe(true));
    expect(document.activeElement).toBe(button());
    expect(button().getAttribute('aria-expanded')).toBe('false');
  });
});
