import type { FastifyRequest } from 'fastify';
import type { ServerAddress } from './channels';

/** This server's own addresses, which a webhook may not point at: its public address and the port it listens on. */
export function serverAddress(publicUrl: string, request: FastifyRequest): ServerAddress {
  const address = request.server.server.address();
  return { publicUrl, port: typeof address === 'object' && address !== null ? address.port : undefined };
}
