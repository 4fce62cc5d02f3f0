import { atom } from 'jotai';
import { clampWidth, readSettings, type Settings, storageKey } from './settings';

/** The address's query when the app started: its true/false values override settings (spec §4). */
export const startSearch = typeof window === 'undefined' ? '' : window.location.search;

/** The settings in force: stored ones, overridden by the URL's true/false values when the app starts. */
export const settingsAtom = atom<Settings>(
  typeof window === 'undefined'
    ? readSettings({ getItem: () => null }, '')
    : readSettings(window.localStorage, startSearch),
);

/** Changes settings and persists each changed field under its app.settings key. */
export const updateSettingsAtom = atom(null, (get, set, changes: Partial<Settings>) => {
  const next = { ...get(settingsAtom), ...changes };
  next.leftMenuWidth = clampWidth(next.leftMenuWidth);
  for (const field of Object.keys(changes) as (keyof Settings)[]) {
    window.localStorage.setItem(storageKey(field), JSON.stringify(next[field]));
  }
  set(settingsAtom, next);
});
