// vitest: isolated: the region is put in place at the first press of the page, module state a shared worker would carry over.
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Providers } from '../app/providers';
import { notify, Toaster } from './toaster';

const region = () => screen.queryByRole('region', { name: /^Notifications/ });

function renderToaster() {
  render(
    <Providers>
      <Toaster />
    </Providers>,
  );
}

describe('the notifications region', { timeout: 20_000 }, () => {
  it('is put in place at the first press, before any toast', async () => {
    renderToaster();
    expect(region()).toBeNull();
    fireEvent.keyDown(window, { key: 'Tab' });
    expect(await screen.findByRole('region', { name: /^Notifications/ })).toBeTruthy();
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('comes with a toast said before any press, and shows it', async () => {
    renderToaster();
    expect(region()).toBeNull();
    notify.info('Saved');
    expect((await screen.findByTestId('toast')).textContent).toContain('Saved');
  });
});
