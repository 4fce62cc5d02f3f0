import { describe, expect, it } from 'vitest';
import { parseSettingsFile } from './settings-file';

describe('parseSettingsFile', () => {
  it('takes known fields of the right type and drops the rest', () => {
    expect(
      parseSettingsFile('{"theme":"dark","leftMenuWidth":300,"isMenuCollapsed":"yes","evil":"<script>"}'),
    ).toEqual({
      ok: true,
      settings: { theme: 'dark', leftMenuWidth: 300 },
    });
  });

  it('says why a file cannot be used', () => {
    expect(parseSettingsFile('{')).toEqual({ ok: false, message: 'The settings file is not valid JSON.' });
    expect(parseSettingsFile('[1]')).toEqual({
      ok: false,
      message: 'The settings file must hold a JSON object of settings.',
    });
    expect(parseSettingsFile('{"colour":"red"}')).toEqual({
      ok: false,
      message: 'The settings file holds no settings this app knows.',
    });
  });
});
