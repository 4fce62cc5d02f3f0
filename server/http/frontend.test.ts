import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { serveFrontend } from './frontend';

async function frontendServer() {
  const dir = mkdtempSync(join(tmpdir(), 'insights-frontend-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Insights</title>');
  writeFileSync(join(dir, 'assets', 'index-3dpQ82zJ.js'), 'export {};');
  const app = Fastify();
  await serveFrontend(app, dir);
  return app;
}

describe('the built frontend', () => {
  it('lets the browser keep hashed assets for good, and asks again for the page itself', async () => {
    const app = await frontendServer();
    const asset = await app.inject({ url: '/assets/index-3dpQ82zJ.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/sites/12/3']) {
      const page = await app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('<title>Insights</title>');
      expect(page.headers['cache-control'], url).not.toContain('immutable');
    }
    await app.close();
  });

  it('answers an unknown API path with a 404 that names it, never with the page', async () => {
    const app = await frontendServer();
    const answer = await app.inject({ method: 'GET', url: '/api/nothing?x=1' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ message: 'GET /api/nothing does not exist' });
    await app.close();
  });
});
