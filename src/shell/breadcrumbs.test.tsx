import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../tests/render';
import { i18next } from '../i18n/i18n';
import { useAddressName } from '../ui/address-names';
import { Breadcrumbs } from './breadcrumbs';
import { usePageTitle } from './page-title';

/** A page that names a part of its address and has a title, as the pages shown do. */
function PageNaming({ path, name, title }: { path: string; name?: string; title?: string }) {
  useAddressName(path, name);
  usePageTitle(title);
  return null;
}

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

  it("end in the page's own words, not in the title of a page shown before it", () => {
    const before = renderInApp(<PageNaming path="/dashboards/4" title="Elsewhere" />, {
      route: '/dashboards/4',
    });
    before.unmount();
    renderInApp(<Breadcrumbs />, { route: '/dashboard/alpha' });
    expect(crumbs().at(-1)).toEqual({ text: 'alpha', href: null });
  });

  it('link the parts that are pages', () => {
    renderInApp(<Breadcrumbs />, { route: '/dashboard/alpha' });
    expect(crumbs()).toEqual([
      { text: 'Dashboard', href: '/dashboard' },
      { text: 'alpha', href: null },
    ]);
  });

  it('say the names the page gives its ids, and leave out an id no one named', async () => {
    renderInApp(
      <>
        <PageNaming path="/sites/46" name="Head Office" title="Assets" />
        <Breadcrumbs />
      </>,
      { route: '/sites/46' },
    );
    await waitFor(() =>
      expect(crumbs()).toEqual([
        { text: 'Assets', href: '/sites' },
        { text: 'Head Office', href: null },
      ]),
    );
  });

  it('leave out an id before its name is known, rather than show the number', () => {
    renderInApp(<Breadcrumbs />, { route: '/dashboards/11/edit' });
    expect(crumbs()).toEqual([
      { text: 'Dashboards', href: '/dashboards' },
      { text: 'Edit', href: null },
    ]);
  });

  it("read a data point's name as the address has it, the product's words in the person's language", async () => {
    await i18next.changeLanguage('fr-FR');
    try {
      renderInApp(<Breadcrumbs />, { route: '/devices/all/Main%20meter/details/34' });
      expect(crumbs()).toEqual([
        { text: 'Appareils', href: null },
        { text: 'Flux de données', href: '/devices/all' },
        { text: 'Main meter', href: '/devices/all/Main%20meter' },
        { text: 'Détails', href: null },
      ]);
    } finally {
      await i18next.changeLanguage('en-US');
    }
  });

  it("call the last part the page's own title where the product has no word for it", async () => {
    renderInApp(
      <>
        <PageNaming path="/data" title="Machine learning" />
        <Breadcrumbs />
      </>,
      { route: '/data/machinelearning' },
    );
    await waitFor(() =>
      expect(crumbs()).toEqual([
        { text: 'Data', href: null },
        { text: 'Machine learning', href: null },
      ]),
    );
  });
});
