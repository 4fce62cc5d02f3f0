import { ApiError } from '../http/api-error';

/** A place an address was found at: what the geocoder calls it, and where it is. */
export interface FoundPlace {
  label: string;
  latitude: number;
  longitude: number;
}

/** Turns an address into the places it may mean, best first. */
export interface Geocoder {
  search(address: string, language: string): Promise<FoundPlace[]>;
}

/** How many places a search offers: enough to tell two towns of one name apart. */
const MOST_PLACES = 5;
/** A geocoder slower than this is treated as unreachable, so the form does not wait on it. */
const TIMEOUT_MS = 8_000;
/**
 * Nominatim's public instance allows one request a second from an
 * application, and blocks those that send more; a private one does not mind.
 */
const SPACING_MS = 1_000;

/** One of Nominatim's `format=jsonv2` results: coordinates come as decimal text. */
interface NominatimResult {
  lat?: unknown;
  lon?: unknown;
  display_name?: unknown;
}

/**
 * A Nominatim-compatible geocoder at `baseUrl` (GEOCODER_URL), e.g.
 * https://nominatim.openstreetmap.org or an organisation's own instance.
 * Searches are made one at a time, a second apart, as Nominatim's usage
 * policy asks, and name this application in their User-Agent.
 */
export function nominatimGeocoder(baseUrl: string, userAgent: string, spacingMs = SPACING_MS): Geocoder {
  const searchUrl = new URL('search', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  let lastCall = Promise.resolve();
  return {
    search(address, language) {
      const call = lastCall.then(() => searchNominatim(searchUrl, address, language, userAgent));
      // The next search starts a second after this one ends, whether it found anything or failed.
      const pause = () => new Promise<void>((resolve) => setTimeout(resolve, spacingMs));
      lastCall = call.then(pause, pause);
      return call;
    },
  };
}

async function searchNominatim(
  searchUrl: URL,
  address: string,
  language: string,
  userAgent: string,
): Promise<FoundPlace[]> {
  const url = new URL(searchUrl);
  url.search = new URLSearchParams({ q: address, format: 'jsonv2', limit: String(MOST_PLACES) }).toString();
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { 'User-Agent': userAgent, 'Accept-Language': language, Accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw unreachable(url.host);
  }
  if (!response.ok) throw unreachable(url.host, `it answered ${response.status}`);
  const results: unknown = await response.json().catch(() => undefined);
  if (!Array.isArray(results)) throw unreachable(url.host, 'its answer was not a list of places');
  return results.flatMap(placeOf).slice(0, MOST_PLACES);
}

/** A result with usable coordinates as a place; anything else is left out. */
function placeOf(result: NominatimResult): FoundPlace[] {
  const latitude = Number(result.lat);
  const longitude = Number(result.lon);
  const onEarth =
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180;
  if (!onEarth || typeof result.lat !== 'string' || typeof result.lon !== 'string') return [];
  const label = typeof result.display_name === 'string' ? result.display_name.slice(0, 500) : '';
  return [{ label: label || `${latitude}, ${longitude}`, latitude, longitude }];
}

function unreachable(host: string, why = 'it could not be reached'): ApiError {
  return new ApiError(
    502,
    `The address could not be looked up: the geocoder at ${host} failed (${why}). Place the site by clicking the map or typing its coordinates instead.`,
  );
}

/**
 * When the server has no geocoder: the form does not offer the search, so
 * only a direct call meets this. 404, not a 5xx: nothing failed, the server
 * simply has no such service.
 */
export const noGeocoder = () =>
  new ApiError(
    404,
    'This server has no geocoder set up (GEOCODER_URL), so addresses cannot be looked up. Place the site by clicking the map or typing its coordinates instead.',
  );
