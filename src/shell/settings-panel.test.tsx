import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp } from '../../tests/render';
import { i18next } from '../i18n/i18n';
import { settingsAtom, updateSettingsAtom } from '../settings/settings-atoms';
import { SettingsPanel } from './settings-panel';

/** The panel as the person opens it from the top bar. */
function OpenPanel() {
  const update = useSetAtom(updateSettingsAtom);
  useEffect(() => update({ isSidebarOpen: true }), [update]);
  return <SettingsPanel onSave={() => {}} />;
}

/** The language the settings hold, which the app root speaks (app-root.tsx). */
function ChosenLocale() {
  return <span data-testid="chosen-locale">{useAtomValue(settingsAtom).locale}</span>;
}

const optionsOf = (label: string) =>
  Array.from((screen.getByLabelText(label) as HTMLSelectElement).options).map((option) => option.text);

afterEach(async () => {
  await i18next.changeLanguage('en-US');
  localStorage.clear();
});

describe('the settings panel', () => {
  it('names every choice in words, never as the value it stores', async () => {
    renderInApp(<OpenPanel />);
    await screen.findByText('Application Settings');
    expect(optionsOf('Router animation')).toEqual([
      'None',
      'Slide up and fade in',
      'Slide in from the right',
      'Fade in',
      'Zoom and fade in',
    ]);
    expect(optionsOf('Breadcrumbs')).toEqual(['Plain', 'On a band', 'Hidden']);
    expect(optionsOf('Menu position')).toEqual(['On the left', 'On top', 'Hidden']);
  });

  it('offers the four languages, each in its own words, and keeps the one chosen', async () => {
    renderInApp(
      <>
        <OpenPanel />
        <ChosenLocale />
      </>,
    );
    await screen.findByText('Application Settings');
    expect(optionsOf('Language')).toEqual(['English', 'Français', 'Русский', '中文']);
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'fr-FR' } });
    await waitFor(() => expect(screen.getByTestId('chosen-locale').textContent).toBe('fr-FR'));
  });
});
