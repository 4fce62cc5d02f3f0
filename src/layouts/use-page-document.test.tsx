import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type WidgetRegistry, WidgetRegistryProvider } from '../engine/render/widget-registry';
import { i18next, wantWidgetWords } from '../i18n/i18n';
import { usePageDocument } from './use-page-document';

/** A registry whose widgets are all there at once: only what the hook loads besides them is watched. */
const REGISTRY: WidgetRegistry = {
  names: ['users-panel', 'billing-plans'],
  componentFor: () => () => null,
  preload: async () => {},
};

const wrapper = ({ children }: { children: ReactNode }) => (
  <WidgetRegistryProvider registry={REGISTRY}>{children}</WidgetRegistryProvider>
);

const DOCUMENT = {
  rows: [
    {
      key: 'people',
      columns: [
        {
          key: 'all',
          span: 12,
          cards: [{ key: 'members', widgets: [{ name: 'users-panel', data: {} }] }],
        },
      ],
    },
  ],
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('usePageDocument', () => {
  it("has fetched its widgets' words, and those they share, by the time a signed-in page is loaded", async () => {
    // A widget whose words are not there suspends as it first renders, and React then holds the page up to
    // 300 ms before the widget may ask for its data: the words come with the page, not after it.
    wantWidgetWords();
    const loading = vi.spyOn(i18next, 'loadNamespaces');
    const { result } = renderHook(
      () => usePageDocument('people', () => ({ load: () => Promise.resolve({ document: DOCUMENT }) })),
      { wrapper },
    );
    await waitFor(() => expect(result.current.status).toBe('loaded'));
    expect(loading).toHaveBeenCalledWith(expect.arrayContaining(['users-panel', 'shared']));
    expect(i18next.hasLoadedNamespace('users-panel')).toBe(true);
  });
});
