import { useMutation, useQuery } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { savedSettingsQuery } from '../data/saved-settings';
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

/** What saving the layout configuration sends: the settings kept for this person in this organisation. */
interface SettingsSave {
  organisationId: number;
  userId: string;
  settings: Partial<Settings>;
}

/**
 * The per-user interface config kept on the server (spec §3, §7): loaded
 * once the user and organisation are known, saved when the layout
 * configuration is saved. A failed load or save is only logged (spec §8).
 */
export function useSettingsSync() {
  const session = useAtomValue(sessionAtom);
  const settings = useAtomValue(settingsAtom);
  const updateSettings = useSetAtom(updateSettingsAtom);
  const user = session.status === 'authorised' ? session.user : undefined;
  const organisationId = user?.organisationId ?? null;
  useSavedSettingsTakenUp(organisationId);
  const { mutate: saveSettings } = useMutation({
    mutationFn: ({ organisationId, userId, settings }: SettingsSave) =>
      api.localStorage({ org_id: organisationId, user_id: userId, custom: JSON.stringify(settings) }),
    onError: (error) => console.error('Saving the layout configuration failed', error),
  });

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
      saveSettings({ organisationId, userId: user.id, settings: saved });
    },
    [settings, updateSettings, user, organisationId, saveSettings],
  );

  return { saveLayoutConfig };
}

/**
 * Reads the settings the server keeps for the organisation and puts them in
 * force as they arrive, under the URL's word (savedSettingsQuery reads them
 * once, so what the person changes afterwards stays).
 */
function useSavedSettingsTakenUp(organisationId: number | null): void {
  const updateSettings = useSetAtom(updateSettingsAtom);
  const { data: saved, error } = useQuery({
    ...savedSettingsQuery(organisationId ?? 0),
    enabled: organisationId !== null,
  });
  useEffect(() => {
    const parsed = saved ? parseSettingsFile(saved) : undefined;
    if (parsed?.ok) updateSettings(underUrlOverrides(withoutTransient(parsed.settings), startSearch));
  }, [saved, updateSettings]);
  useEffect(() => {
    if (error) console.error('Loading the saved layout configuration failed', error);
  }, [error]);
}

function withoutTransient(settings: Partial<Settings>): Partial<Settings> {
  return Object.fromEntries(
    Object.entries(settings).filter(([field]) => !TRANSIENT.includes(field as keyof Settings)),
  );
}
