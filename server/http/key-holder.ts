/**
 * The organisation an API key speaks for: who calls an `apiKey` endpoint.
 * server/integrations/rest finds it from the key; this layer only carries it
 * to the handler.
 */
export interface KeyHolder {
  keyId: number;
  organisationId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: KeyHolder;
  }
}
