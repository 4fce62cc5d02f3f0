import { describe, expect, it } from 'vitest';
import { isSafeHref } from './smart-link';

describe('isSafeHref', () => {
  it('takes web addresses, mail and paths of the app', () => {
    for (const href of [
      'https://example.com/a',
      'http://example.com',
      'mailto:ops@example.com',
      '/sites',
      '/',
    ]) {
      expect(isSafeHref(href), href).toBe(true);
    }
  });

  it('refuses script, and paths a browser reads as another site', () => {
    for (const href of [
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'evil.example',
    ]) {
      expect(isSafeHref(href), JSON.stringify(href)).toBe(false);
    }
  });
});
