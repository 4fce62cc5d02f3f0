import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { signIn } from '../explorer/api-client.ts';
import { startApp } from '../explorer/app-server.ts';
import { openEngine } from '../explorer/engine.ts';
import { type BenchUser, createBenchUser } from '../explorer/load-data.ts';
import { benchDocument } from './bench-document.ts';
import { PROFILE_DIR } from './profile.ts';

const root = new URL('../../', import.meta.url).pathname;

/** The reference pages, served with the app's own build from the app's origin (see plain-entry.tsx, boxes-entry.tsx). */
export const PLAIN_PAGE_PATH = '/bench/editor/plain.html';
export const BOXES_PAGE_PATH = '/bench/editor/boxes.html';

export interface EditorBenchApp {
  baseUrl: string;
  user: BenchUser;
  /** The stored page holding the bench document. */
  pageId: number;
  close(): Promise<void>;
}

/**
 * The production build of the front end with the reference pages beside the
 * app's index.html, in one build: the plain page loads the same chunks of
 * LayoutView and the widgets as the app. (bench/explorer/app-server.ts's
 * buildFrontend builds the app alone; given more inputs, it could do this.)
 */
export async function buildFrontendWithReferences(): Promise<{ outDir: string; remove(): void }> {
  const outDir = mkdtempSync(join(tmpdir(), 'insights-bench-editor-'));
  await build({
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      // A profiling run keeps the code readable, so its profiles name functions (see profile.ts).
      minify: !PROFILE_DIR,
      rolldownOptions: {
        input: {
          app: join(root, 'index.html'),
          plain: join(root, `.${PLAIN_PAGE_PATH}`),
          boxes: join(root, `.${BOXES_PAGE_PATH}`),
        },
      },
    },
  });
  return { outDir, remove: () => rmSync(outDir, { recursive: true, force: true }) };
}

/**
 * The real server (API, embedded sign-in, the build above) on an empty
 * PGlite database, with a member of an organisation whose one stored page is
 * the bench document, created through the API as an imported page is, so the
 * server's validator has passed it.
 */
export async function startEditorBenchApp(outDir: string): Promise<EditorBenchApp> {
  const database = await openEngine('pglite');
  try {
    const user = await createBenchUser(database.db);
    const app = await startApp(database.db, outDir);
    try {
      const pageId = await createBenchPage(app.baseUrl, user);
      return {
        baseUrl: app.baseUrl,
        user,
        pageId,
        async close() {
          await app.close();
          await database.close();
        },
      };
    } catch (error) {
      await app.close();
      throw error;
    }
  } catch (error) {
    await database.close();
    throw error;
  }
}

async function createBenchPage(baseUrl: string, user: BenchUser): Promise<number> {
  const token = await signIn(baseUrl, user);
  const response = await fetch(`${baseUrl}/api/dashboard`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Editor benchmark page', document: benchDocument() }),
  });
  const answer = (await response.json()) as { page?: { id?: number } };
  const id = answer.page?.id;
  if (!response.ok || typeof id !== 'number') {
    throw new Error(`creating the bench page: ${response.status} ${JSON.stringify(answer).slice(0, 500)}`);
  }
  return id;
}
