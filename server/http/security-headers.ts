import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** What the browser may load and who may frame the app, beyond the app's own origin. */
export interface ContentSecurity {
  /** Origins the browser calls besides the app's own: a Cognito pool's. */
  connectTo: string[];
  /** Origins images come from besides the app's own: the map's tile server. */
  imagesFrom: string[];
  /** Who may show the app in a frame (CSP frame-ancestors): 'none' unless an install embeds it. */
  frameAncestors: string[];
  /** Served over https: browsers are told to keep to it (HSTS). */
  https: boolean;
}

/** OpenStreetMap's tiles, which the map widget shows unless it was built with VITE_MAP_TILE_URL. */
export const DEFAULT_TILE_ORIGIN = 'https://tile.openstreetmap.org';

export const DEFAULT_CONTENT_SECURITY: ContentSecurity = {
  connectTo: [],
  imagesFrom: [DEFAULT_TILE_ORIGIN],
  frameAncestors: ["'none'"],
  https: false,
};

/**
 * Security headers on every answer (@fastify/helmet): a Content-Security-
 * Policy that runs no inline script and no script from elsewhere, nosniff, a
 * strict referrer policy, and HSTS over https. Styles may be inline: Chakra's
 * emotion writes <style> elements and style attributes as it renders.
 */
export async function securityHeaders(app: FastifyInstance, security: ContentSecurity): Promise<void> {
  const framedByNobody = security.frameAncestors.join(' ') === "'none'";
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...security.imagesFrom],
        connectSrc: ["'self'", ...security.connectTo],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: security.frameAncestors,
      },
    },
    // The map's tiles come from another origin, which sends no Cross-Origin-Resource-Policy.
    crossOriginEmbedderPolicy: false,
    frameguard: framedByNobody ? { action: 'deny' } : false,
    hsts: security.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
