import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../tests/render';
import { FlyoutMenu } from './flyout-menu';

/** The heading's box, which holds the pointer handlers, found by its button. */
function heading(name: string): HTMLElement {
  return screen.getByRole('button', { name }).parentElement as HTMLElement;
}

const flyout = () => screen.queryByTestId('flyout');
const ADMIN = 'admin';

// Time is the fake clock's, so a loaded machine cannot blur the 100 ms; the first render's wall time can
// still be seconds there, hence the longer timeout.
describe('the flyout menu', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a heading’s entries while pointed at, and hides them exactly 100 ms after the pointer leaves', () => {
    renderInApp(<FlyoutMenu role={ADMIN} width={220} />);
    expect(flyout()).toBeNull();

    fireEvent.mouseEnter(heading('Management'));
    expect(screen.getByRole('link', { name: 'Users' })).toBeTruthy();

    fireEvent.mouseLeave(heading('Management'));
    act(() => vi.advanceTimersByTime(99));
    expect(flyout()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(flyout()).toBeNull();
  });

  it('stays open when the pointer comes back within the 100 ms, as when it crosses the gap to the entries', () => {
    renderInApp(<FlyoutMenu role={ADMIN} width={220} />);
    fireEvent.mouseEnter(heading('Management'));
    fireEvent.mouseLeave(heading('Management'));
    act(() => vi.advanceTimersByTime(60));
    fireEvent.mouseEnter(heading('Management'));
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByRole('link', { name: 'Users' })).toBeTruthy();
  });
});
