import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, readSettings, storageKey, underUrlOverrides } from './settings';

const storage = (entries: Record<string, string>) => ({ getItem: (key: string) => entries[key] ?? null });

describe('settings', () => {
  it("start from the spec's defaults", () => {
    expect(readSettings(storage({}), '')).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toMatchObject({
      logo: 'Insights',
      theme: 'default',
      locale: 'en-US',
      primaryColor: '#4b7cf3',
      menuLayoutType: 'left',
      layoutMenu: 'classic',
      leftMenuWidth: 256,
    });
  });

  it('read what was stored under app.settings keys, and let true/false in the URL override it', () => {
    const saved = storage({ [storageKey('isMenuCollapsed')]: 'false', [storageKey('theme')]: '"dark"' });
    expect(readSettings(saved, '')).toMatchObject({ isMenuCollapsed: false, theme: 'dark' });
    expect(readSettings(saved, '?isMenuCollapsed=true&theme=default')).toMatchObject({
      isMenuCollapsed: true,
      theme: 'dark',
    });
  });

  it("keep the URL's true/false values in force over settings loaded later, such as the server's copy", () => {
    expect(
      underUrlOverrides(
        { isMenuCollapsed: false, theme: 'dark', isTopbarFixed: true },
        '?isMenuCollapsed=true',
      ),
    ).toEqual({ theme: 'dark', isTopbarFixed: true });
    expect(underUrlOverrides({ isMenuCollapsed: false }, '?isMenuCollapsed=maybe')).toEqual({
      isMenuCollapsed: false,
    });
  });

  it('ignore stored values of the wrong type and keep the menu width within 256 to 330', () => {
    const saved = storage({
      [storageKey('isMenuCollapsed')]: '"yes"',
      [storageKey('leftMenuWidth')]: '900',
      [storageKey('logo')]: 'not json',
    });
    expect(readSettings(saved, '')).toMatchObject({
      isMenuCollapsed: false,
      leftMenuWidth: 330,
      logo: 'Insights',
    });
  });
});
