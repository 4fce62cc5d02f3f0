import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { signIn } from '../explorer/api-client.ts';
import { startApp } from '../explorer/app-server.ts';
import { openEngine } from '../explorer/engine.ts';
import { type BenchUser, createBenchUser } from '../explorer/load-data.ts';
import { benchDocument } from './bench-document.ts';

const root = new URL('../../', import.meta.url).pathname;

/** Where the plain page is served from: the reference renders with the app's own build, on the app's origin. */
export const PLAIN_PAGE_PATH = '/bench/editor/plain.html';

export interface EditorBenchApp {
  baseUrl: string;
  user: BenchUser;
  /** The stored page holding the bench document. */
  pageId: number;
  close(): Promise<void>;
}

/**
 * The production build of the front end with the plain page beside the app's
 * index.html, in one build: both pages load the same chunks of LayoutView and
 * the widgets. (bench/explorer/app-server.ts's buildFrontend builds the app
 * alone; with an option for more inputs it could serve here too.)
 */
export async function buildFrontendWithPlainPage(): Promise<{ outDir: string; remove(): void }> {
  const outDir = mkdtempSync(join(tmpdir(), 'insights-bench-editor-'));
  await build({
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      outDir,
      rolldownOptions: {
        input: { app: join(root, 'index.html'), plain: join(root, `.${PLAIN_PAGE_PATH}`) },
      },
    },
  });
  return { outDir, remove: () => rmSync(outDir, { recursive: true, force: true }) };
}

/**
 * The real server (API, embedded sign-in, the build above) on an empty
 * PGlite database, with a member of an organisation whose one stored page is
 * the bench document, created through the API as the editor's Import and Save
 * do, so the server's validator has passed it.
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
  const answer = (await response.json()) as { id?: number };
  if (!response.ok || typeof answer.id !== 'number') {
    throw new Error(`creating the bench page: ${response.status} ${JSON.stringify(answer).slice(0, 500)}`);
  }
  return answer.id;
}
