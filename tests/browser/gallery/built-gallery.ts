import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

/** One story of the built gallery, as its index.json lists it. */
export interface GalleryStory {
  id: string;
  title: string;
  /** The story's name, e.g. "Example 1" or "When The Server Fails". */
  name: string;
}

/** The widget gallery as `npm run build-storybook` builds it, served on a free port. */
export interface BuiltGallery {
  baseUrl: string;
  stories: GalleryStory[];
  close(): Promise<void>;
}

/**
 * Builds the gallery as a person browsing it gets it (static files and the
 * MSW service worker that answers its API) and serves it over HTTP: a service
 * worker needs a real origin.
 */
export async function buildAndServeGallery(): Promise<BuiltGallery> {
  const outDir = mkdtempSync(join(tmpdir(), 'insights-gallery-'));
  await promisify(execFile)('npx', ['storybook', 'build', '--quiet', '-o', outDir], {
    cwd: process.cwd(),
    // As `npm run build-storybook` builds it, not under the NODE_ENV=test Vitest runs with (see productionBuild).
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const index = JSON.parse(readFileSync(join(outDir, 'index.json'), 'utf8')) as {
    entries: Record<string, GalleryStory & { type: string }>;
  };
  const stories = Object.values(index.entries)
    .filter((entry) => entry.type === 'story')
    .map(({ id, title, name }) => ({ id, title, name }));
  const server = Fastify();
  await server.register(fastifyStatic, { root: outDir });
  const address = await server.listen({ host: '127.0.0.1', port: 0 });
  return {
    baseUrl: address,
    stories,
    async close() {
      await server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
