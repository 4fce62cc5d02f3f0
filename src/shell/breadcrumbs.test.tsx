import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../tests/render';
import { i18next } from '../i18n/i18n';
import { Breadcrumbs } from './breadcrumbs';

/** The crumbs after Home: each one's text, and where it links, or null when it is no link. */
function crumbs(): { text: string; href: string | null }[] {
  const trail = screen.getByRole('navigation');
  return within(trail)
    .getAllByRole('listitem')
    .slice(1)
    .map((item) => ({
      text: item.textContent ?? '',
      href: item.querySelector('a[href]')?.getAttribute('href') ?? null,
    }));
}

describe('breadcrumbs', () => {
  it('link a part of the address only when it is a page, so none leads to the 404 page', () => {
    renderInApp(<Breadcrumbs />, { route: '/devices/all' });
    expect(crumbs()).toEqual([
      { text: 'Devices', href: null },
      { text: 'Data Feeds', href: null },
    ]);
  });

  it("call a page the menu names by its entry, in the person's language", async () => {
    await i18next.changeLanguage('fr-FR');
    try {
      renderInApp(<Breadcrumbs />, { route: '/devices/all' });
      expect(crumbs()).toEqual([
        { text: 'Appareils', href: null },
        { text: 'Flux de données', href: null },
      ]);
      expect(screen.getByRole('link', { name: 'Accueil' })).toBeTruthy();
    } finally {
      await i18next.changeLanguage('en-US');
    }
  });

  it('link the parts that are pages', () => {
    renderInApp(<Breadcrumbs />, { route: '/dashboard/alpha' });
    expect(crumbs()).toEqual([
      { text: 'Dashboard', href: '/dashboard' },
      { text: 'alpha', href: null },
    ]);
  });
});
