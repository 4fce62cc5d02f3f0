import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../tests/render';
import { i18next } from '../../i18n/i18n';
import english from './locales/en-US.json';
import french from './locales/fr-FR.json';
import { catalogue } from './widget-catalogue';
import { useWidgetWords, WIDGET_WORDS_NAMESPACE } from './widget-words';

type Words = Record<string, { title: string; description: string }>;
const englishWords: Words = english.widgets;
const frenchWords: Words = french.widgets;

function Named({ name }: { name: string }) {
  const { title, description } = useWidgetWords()(name);
  return (
    <p>
      <span data-testid="title">{title}</span> <span data-testid="description">{description}</span>
    </p>
  );
}

describe("a widget's words in the editor", () => {
  it('name every widget of the palette, in words and not by its technical name', () => {
    expect(Object.keys(englishWords).sort()).toEqual(catalogue.map((widget) => widget.name).sort());
    for (const [name, { title, description }] of Object.entries(englishWords)) {
      expect(title, name).not.toBe(name);
      expect(description.length, name).toBeGreaterThan(10);
    }
  });

  it("are the person's language's", async () => {
    await i18next.loadNamespaces(WIDGET_WORDS_NAMESPACE);
    await i18next.changeLanguage('fr-FR');
    try {
      renderInApp(<Named name="consumption-chart" />);
      const chart = frenchWords['consumption-chart'];
      expect(await screen.findByText(chart?.title ?? '(missing)')).toBeTruthy();
      expect(screen.getByTestId('description').textContent).toBe(chart?.description);
      expect(chart?.title).not.toBe(englishWords['consumption-chart']?.title);
    } finally {
      await i18next.changeLanguage('en-US');
    }
  });

  it("fall back to a new widget's technical name and its schema's description", async () => {
    await i18next.loadNamespaces(WIDGET_WORDS_NAMESPACE);
    renderInApp(<Named name="not-yet-named" />);
    expect((await screen.findByTestId('title')).textContent).toBe('not-yet-named');
  });
});
