import { readdirSync } from 'node:fs';
import { basename } from 'node:path';
import type { EndpointHandler } from './define-handler';

const SERVER_DIR = new URL('../', import.meta.url);
/** server/<domain>/handlers/<contract>.ts, or deeper (server/integrations/rest/handlers/...). */
const HANDLER_FILE = /(^|\/)handlers\/[A-Za-z0-9]+\.ts$/;

/** The handler files under server/, relative to it, sorted so routes register in the same order every time. */
export function handlerFiles(): string[] {
  return (readdirSync(SERVER_DIR, { recursive: true }) as string[])
    .map((file) => file.split('\\').join('/'))
    .filter((file) => HANDLER_FILE.test(file))
    .sort();
}

/**
 * Every endpoint handler: each handler file default-exports defineHandler(<its
 * contract's name>, ...), and its file is named after that contract, so
 * a contract's code is found by name alone.
 */
export async function loadHandlers(): Promise<EndpointHandler[]> {
  return Promise.all(
    handlerFiles().map(async (file) => {
      const handler = (await import(new URL(file, SERVER_DIR).href)).default as EndpointHandler | undefined;
      const expected = basename(file, '.ts');
      if (!handler || handler.name !== expected) {
        throw new Error(`server/${file} must default-export defineHandler('${expected}', ...)`);
      }
      return handler;
    }),
  );
}
