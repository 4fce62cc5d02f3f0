import type { LiveHub } from './live-hub';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's open live streams: how many there are, for whoever watches the server (and its tests). */
    live: LiveHub;
  }
}

declare module '../http/api-context' {
  interface ApiContext {
    /** The open live streams, told of every committed write of readings. */
    live: LiveHub;
  }
}
