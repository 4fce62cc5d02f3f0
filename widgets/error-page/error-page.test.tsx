import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18next } from '../../src/i18n/i18n';
import { renderInApp } from '../../tests/render';
import ErrorPage from './index';

afterEach(() => i18next.changeLanguage('en-US'));

describe('error page widget', () => {
  it('says the page does not exist, with a link to the start page', () => {
    renderInApp(<ErrorPage data={{ code: 404 }} />);
    expect(screen.getByRole('heading', { level: 1, name: '404: this page does not exist' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the start page' }).getAttribute('href')).toBe('/');
  });

  it("speaks the user's language", async () => {
    await i18next.changeLanguage('fr-FR');
    renderInApp(<ErrorPage data={{ code: 500 }} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      '500 : un problème est survenu de notre côté',
    );
  });
});
