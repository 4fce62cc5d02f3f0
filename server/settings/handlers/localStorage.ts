import { ApiError, invalidBody } from '../../http/api-error';
import { defineHandler } from '../../http/define-handler';
import { requireMember } from '../../organisations/membership';
import { saveUiConfig, uiConfigOf } from '../ui-configs';

/**
 * The spec's per-user interface config (§3, §7): saved with `custom` (the
 * settings as a JSON string), loaded without it, always the caller's own.
 */
export default defineHandler('localStorage', async ({ context, caller, input }) => {
  // Naming an organisation that is not the caller's is refused (403).
  requireMember(caller, input.org_id);
  if (input.user_id !== undefined && input.user_id !== caller.userId) {
    throw new ApiError(403, 'You can only save your own settings.');
  }
  if (input.custom === undefined) {
    const row = await uiConfigOf(context.db, caller.userId, input.org_id);
    return row ? [{ uxConfig: JSON.stringify(row.config) }] : [];
  }
  const config = settingsObject(input.custom);
  await saveUiConfig(context.db, caller.userId, input.org_id, config);
  return [{ uxConfig: JSON.stringify(config) }];
});

/** The settings text as a JSON object, or 400 naming /custom. */
function settingsObject(custom: string): object {
  let config: unknown;
  try {
    config = JSON.parse(custom);
  } catch {
    throw invalidBody([{ pointer: '/custom', message: 'must be the settings as JSON text' }]);
  }
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    throw invalidBody([{ pointer: '/custom', message: 'must be a JSON object of settings' }]);
  }
  return config;
}
