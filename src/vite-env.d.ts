/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Tile server for map widgets, {z}/{x}/{y} template; OpenStreetMap when unset. */
  readonly VITE_MAP_TILE_URL?: string;
}
