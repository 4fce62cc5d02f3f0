import { useState } from 'react';

/**
 * Where maps' backgrounds come from: a tile server on the internet
 * (VITE_MAP_TILE_URL at build time, else OpenStreetMap). The server's
 * Content-Security-Policy allows images from the same origin (server/config.ts).
 */
export const TILE_URL = import.meta.env.VITE_MAP_TILE_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** Where the background comes from, for the note when it cannot be fetched. */
export const TILE_HOST = new URL(TILE_URL.replace(/\{[a-z]\}/g, '0')).host;

/**
 * What shows under the tiles, and alone where they cannot be fetched: the
 * theme's muted background, not Leaflet's light grey, which glares in the dark theme.
 */
export const MAP_BACKGROUND = 'var(--chakra-colors-bg-muted)';

/** How both maps mark a place: a dot of the theme's blue. */
export const PLACE_MARKER = { radius: 8, pathOptions: { color: '#4b7cf3', fillOpacity: 0.8 } } as const;

/**
 * Whether the tile server has failed a tile, and the TileLayer handlers that
 * notice it: each map then says its background could not be fetched.
 */
export function useTilesFailed(): { tilesFailed: boolean; tileEvents: { tileerror: () => void } } {
  const [tilesFailed, setTilesFailed] = useState(false);
  const [tileEvents] = useState(() => ({ tileerror: () => setTilesFailed(true) }));
  return { tilesFailed, tileEvents };
}
