import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../test-app';

describe('GET /api/appConfig', () => {
  let server: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    server = await startTestApp('pglite');
  });
  afterAll(async () => server?.close());

  it('tells the browser how to reach the embedded user pool, and nothing secret', async () => {
    const response = await server.app.inject({ url: '/api/appConfig' });
    expect(response.json()).toEqual({
      auth: {
        userPoolId: 'local_insights',
        userPoolClientId: 'insights-web',
        userPoolEndpointPath: '/cognito',
      },
      billingProvider: 'local',
      geocoder: true,
    });
  });

  it('serves the OpenAPI description built from the schemas', async () => {
    const spec = (await server.app.inject({ url: '/api/docs/json' })).json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/billing', '/api/addOrganisation', '/api/profile']),
    );
    expect(spec.paths['/api/billing'].post.requestBody.content['application/json'].schema.required).toEqual([
      'orgId',
    ]);
  });
});
