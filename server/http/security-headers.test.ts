import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import { startTestApp } from '../test-app';
import { DEFAULT_CONTENT_SECURITY } from './security-headers';

describe('security headers', () => {
  let server: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    server = await startTestApp('pglite');
  });
  afterAll(async () => server?.close());

  it.each([
    ['an API answer', '/api/appConfig'],
    ['a refusal', '/api/sites'],
    ['the user pool', '/cognito/.well-known/jwks.json'],
  ])(
    'go with %s: a policy with no inline or foreign script, nosniff, a strict referrer, no framing',
    async (_what, url) => {
      const { headers } = await server.app.inject({ method: 'GET', url });
      const policy = Object.fromEntries(
        String(headers['content-security-policy'])
          .split(';')
          .map((directive) => directive.trim().split(/\s+/))
          .map(([name = '', ...sources]) => [name, sources]),
      );
      expect(policy['script-src']).toEqual(["'self'"]);
      expect(policy['default-src']).toEqual(["'self'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(policy['img-src']).toContain('https://tile.openstreetmap.org');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // Over plain http a browser ignores HSTS; it is sent when PUBLIC_URL is https.
      expect(headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('tell browsers to keep to https when the app is served over it', async () => {
    const overHttps = await startTestApp('pglite', {
      contentSecurity: { ...DEFAULT_CONTENT_SECURITY, https: true },
    });
    const { headers } = await overHttps.app.inject({ method: 'GET', url: '/api/appConfig' });
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    await overHttps.close();
  });

  it('follow the configuration: a Cognito pool to call, a tile server, who may frame, https', () => {
    const { contentSecurity } = readConfig({
      PUBLIC_URL: 'https://insights.example',
      COGNITO_USER_POOL_ID: 'eu-west-1_pool',
      COGNITO_CLIENT_ID: 'client',
      COGNITO_REGION: 'eu-west-1',
      VITE_MAP_TILE_URL: 'https://tiles.example:8443/{z}/{x}/{y}.png',
      FRAME_ANCESTORS: " 'self'  https://intranet.example ",
    });
    expect(contentSecurity).toEqual({
      connectTo: ['https://cognito-idp.eu-west-1.amazonaws.com'],
      imagesFrom: ['https://tiles.example:8443'],
      frameAncestors: ["'self'", 'https://intranet.example'],
      https: true,
    });
  });
});
