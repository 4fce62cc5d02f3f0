import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { api } from '../generated/api-client';
import { sessionAtom } from '../session/session-atoms';
import { type Settings, underUrlOverrides } from './settings';
import { settingsAtom, startSearch, updateSettingsAtom } from './settings-atoms';
import { parseSettingsFile } from './settings-file';

/** Fields that describe what is open on screen right now: not worth keeping on the server. */
const TRANSIENT: (keyof Settings)[] = [
  'isMobileView',
  'isMobileMenuOpen',
  'isSidebarOpen',
  'isPreselectedOpen',
  'showThemeOptions',
];

/**
 * The per-user interface config kept on the server (spec §3, §7): loaded
 * once the user and organisation are known, saved when the layout
 * configuration is saved. A failed save is only logged (spec §8).
 */
export function useSettingsSync() {
  const session = useAtomValue(sessionAtom);
  const settings = useAtomValue(settingsAtom);
  const updateSettings = useSetAtom(updateSettingsAtom);
  const user = session.status === 'authorised' ? session.user : undefined;
  const organisationId = user?.organisationId ?? null;

  useEffect(() => {
    if (organisationId === null) return;
    api.localStorage({ org_id: organisationId }).then(
      ([saved]) => {
        const parsed = saved ? parseSettingsFile(saved.uxConfig) : undefined;
        if (parsed?.ok) updateSettings(underUrlOverrides(withoutTransient(parsed.settings), startSearch));
      },
      (error) => console.error('Loading the saved layout configuration failed', error),
    );
  }, [organisationId, updateSettings]);

  /** Saving the layout config closes the panels and marks the tutorial as seen (spec §4). */
  const saveLayoutConfig = useCallback(
    (changes: Partial<Settings> = {}) => {
      const closing = {
        isPreselectedOpen: false,
        isSidebarOpen: false,
        showThemeOptions: false,
        tutorialTouched: true,
      };
      updateSettings({ ...changes, ...closing });
      if (!user || organisationId === null) return;
      const saved = withoutTransient({ ...settings, ...changes, ...closing });
      api
        .localStorage({ org_id: organisationId, user_id: user.id, custom: JSON.stringify(saved) })
        .catch((error) => console.error('Saving the layout configuration failed', error));
    },
    [settings, updateSettings, user, organisationId],
  );

  return { saveLayoutConfig };
}

function withoutTransient(settings: Partial<Settings>): Partial<Settings> {
  return Object.fromEntries(
    Object.entries(settings).filter(([field]) => !TRANSIENT.includes(field as keyof Settings)),
  );
}
