import { readFileSync } from 'node:fs';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PRODUCT_ROUTES } from '../layouts/product-routes';
import { ENGLISH, i18next } from './i18n';
import { usePageText } from './page-text';

afterEach(async () => {
  await i18next.changeLanguage('en-US');
});

const layoutOf = (path: string) =>
  JSON.parse(readFileSync(`layouts/${path}.json`, 'utf8')) as {
    id: string;
    title: string;
    description?: string;
  };

describe("a product page's heading", () => {
  it('is in every language for every product page, the English as the layout ships it', () => {
    const pages = ENGLISH.pages as Record<string, { title: string; description?: string }>;
    for (const { layout } of PRODUCT_ROUTES) {
      const { id, title, description } = layoutOf(layout);
      expect(pages[id], layout).toEqual({ title, ...(description ? { description } : {}) });
    }
  });

  it('reads in the chosen language, unless someone has edited it', async () => {
    const { result } = renderHook(() => usePageText());
    await i18next.changeLanguage('fr-FR');
    const { result: inFrench } = renderHook(() => usePageText());
    expect(inFrench.current('devices/all', 'title', 'Data Feeds')).toBe('Flux de données');
    expect(inFrench.current('devices/all', 'description', 'Every data point and how it is doing.')).toBe(
      'Chaque point de données et son état.',
    );
    // Edited in the layout editor: shown as written.
    expect(inFrench.current('devices/all', 'title', 'Our meters')).toBe('Our meters');
    // A page of someone's own, with no shipped text.
    expect(inFrench.current('my-page', 'title', 'Boiler house')).toBe('Boiler house');
    expect(result.current(undefined, 'title', 'No id')).toBe('No id');
  });
});
