import type { Database } from '../db/database';
import type { CallerCache } from './caller-cache';

/**
 * What every endpoint's handler is handed. This layer names only what it
 * owns; a domain whose handlers need more (billing's provider, the object
 * storage, the user pool) adds it from its own api-context.ts, as a fastify
 * plugin adds a decoration: by merging into this interface with
 * `declare module '../http/api-context'`. app.ts, the composition root,
 * fills it, and the type checker holds it to every part a domain added.
 */
export interface ApiContext {
  db: Database;
  /** Where the app is reached, for links in e-mails, e.g. http://127.0.0.1:8080. */
  publicUrl: string;
  /** Recently seen callers; routes that change who belongs where tell it. */
  callers: CallerCache;
}
