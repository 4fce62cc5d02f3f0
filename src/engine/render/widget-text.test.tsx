import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { minimalPage } from '../../../tests/fixtures/minimal-page';
import { renderInApp } from '../../../tests/render';
import { i18next } from '../../i18n/i18n';
import { knownWidgetNames, loadDataValidators } from '../validation/compiled-validators';
import { LayoutView } from './layout-view';

// As a page from layouts/ has them, fetched with its widgets (useLayoutFile).
beforeAll(() => loadDataValidators(knownWidgetNames));

afterEach(() => i18next.changeLanguage('en-US'));

/** A page whose card title and headings are as the product ships them, and one written by someone. */
function pageWith(heading: string, cardTitle: string) {
  const page = minimalPage();
  const card = (page.rows[0] as { columns: { cards: Record<string, unknown>[] }[] }).columns[1]?.cards[0];
  Object.assign(card as object, {
    title: cardTitle,
    widgets: [{ key: 'w1', name: 'text', data: { heading, body: 'Hello' } }],
  });
  return page;
}

describe("a layout's words", () => {
  it('read in the chosen language where the product ships them', async () => {
    await i18next.changeLanguage('fr-FR');
    renderInApp(
      <LayoutView source={{ document: pageWith('Forecast and baseline', 'Your sites') }} origin="test" />,
    );
    expect(await screen.findByText('Prévision et référence')).toBeTruthy();
    expect(screen.getByText('Vos sites')).toBeTruthy();
  });

  it('read as written where someone wrote their own', async () => {
    await i18next.changeLanguage('fr-FR');
    renderInApp(
      <LayoutView source={{ document: pageWith('Chauffage du bâtiment B', 'My own card') }} origin="test" />,
    );
    expect(await screen.findByText('Chauffage du bâtiment B')).toBeTruthy();
    expect(screen.getByText('My own card')).toBeTruthy();
  });

  it('read in English as shipped', async () => {
    renderInApp(
      <LayoutView source={{ document: pageWith('Forecast and baseline', 'Your sites') }} origin="test" />,
    );
    expect(await screen.findByText('Forecast and baseline')).toBeTruthy();
    expect(screen.getByText('Your sites')).toBeTruthy();
  });
});
