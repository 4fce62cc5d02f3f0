import { DEFAULT_SETTINGS, type Settings } from './settings';

/**
 * Reads an exported settings file: only known fields with values of the
 * right type are taken, so a hand-edited file cannot break the interface.
 */
export function parseSettingsFile(
  text: string,
): { ok: true; settings: Partial<Settings> } | { ok: false; message: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, message: 'The settings file is not valid JSON.' };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { ok: false, message: 'The settings file must hold a JSON object of settings.' };
  }
  const settings: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(data)) {
    if (field in DEFAULT_SETTINGS && typeof value === typeof DEFAULT_SETTINGS[field as keyof Settings])
      settings[field] = value;
  }
  if (Object.keys(settings).length === 0)
    return { ok: false, message: 'The settings file holds no settings this app knows.' };
  return { ok: true, settings: settings as Partial<Settings> };
}
