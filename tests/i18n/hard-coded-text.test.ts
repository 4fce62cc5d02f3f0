import { globSync } from 'tinyglobby';
import { describe, expect, it } from 'vitest';
import { findHardCodedText } from './hard-coded-text';

/**
 * Words a person reads are in the language files, so every screen speaks the
 * four languages of spec §9. What stays as written here is no language: names
 * of things (products, protocols, formats) that read the same in all four.
 */
const NAMES = new Set([
  'Insights',
  'DevEUI',
  'AppEUI',
  'JoinEUI',
  'AppKey',
  'Stripe',
  'Leaflet',
  'OpenStreetMap',
]);

const COMPONENTS = globSync(['widgets/**/*.tsx', 'src/**/*.tsx'], {
  ignore: ['**/*.test.tsx', '**/*.stories.tsx', 'src/generated/**'],
});

describe('the text a component shows', () => {
  it('finds the components to read', () => {
    expect(COMPONENTS.length).toBeGreaterThan(100);
  });

  it('finds JSX text, text props and shown strings, but not keys handed to t()', () => {
    const found = findHardCodedText('tests/i18n/fixtures/hard-coded.tsx', NAMES).map(({ text }) => text);
    expect(found).toEqual([
      'Sites of the organisation',
      'Add a site',
      'Search sites',
      'No sites yet',
      'one site',
      'sites',
      'Energy use of',
    ]);
  });

  it.each(COMPONENTS)('%s reads every word from the language files', (file) => {
    const found = findHardCodedText(file, NAMES).map(({ line, text }) => `line ${line}: ${text}`);
    expect(found, 'write these in widgets/<name>/locales or src/i18n/locales and show them with t()').toEqual(
      [],
    );
  });
});
