import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../http/api-context';
import { siteReadRoutes } from './read-routes';
import { siteWriteRoutes } from './write-routes';

/** The organisation's sites, buildings, floors, zones, rooms and assets. */
export async function siteRoutes(app: FastifyInstance, context: ApiContext): Promise<void> {
  await siteReadRoutes(app, context);
  await siteWriteRoutes(app, context);
}
