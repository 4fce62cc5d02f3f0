import { fieldError } from '../http/api-error';
import { withArticle } from './entity-types';

const ZONES = new Set(Intl.supportedValuesOf('timeZone'));

/** The name without surrounding spaces; one made of spaces only is refused. */
export function cleanName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw fieldError('/name', 'The name must not be empty.');
  return trimmed;
}

/** Tags trimmed, blanks dropped, each kept once (ignoring case), in the order given. */
export function cleanTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const tag of tags) {
    const trimmed = tag.trim();
    if (!trimmed || seen.has(trimmed.toLowerCase())) continue;
    seen.add(trimmed.toLowerCase());
    kept.push(trimmed);
  }
  return kept;
}

/** An address without surrounding spaces; blank means none. */
export function cleanAddress(address: string | null): string | null {
  return address?.trim() || null;
}

/** A place is either located (both coordinates) or not (neither): half a location cannot be drawn on a map. */
export function checkCoordinates(latitude: number | null, longitude: number | null): void {
  if ((latitude === null) !== (longitude === null)) {
    // The missing one is at fault.
    throw fieldError(
      latitude === null ? '/latitude' : '/longitude',
      'Give both latitude and longitude, or neither.',
    );
  }
}

/** An IANA time zone such as Europe/London, as a site needs one. */
export function checkSiteTimeZone(zone: string | null | undefined): string {
  if (zone === null || zone === undefined || zone.trim() === '') {
    throw fieldError('/timeZone', 'A site needs a time zone, such as Europe/London.');
  }
  if (!ZONES.has(zone) && zone !== 'UTC') {
    throw fieldError(
      '/timeZone',
      `"${zone}" is not a known time zone; use an IANA name such as Europe/London.`,
    );
  }
  return zone;
}

/** Entities below a site keep their site's time, so a time zone given for one is a mistake worth saying. */
export function refuseTimeZoneBelowSite(type: string, zone: string | null | undefined): void {
  if (zone !== null && zone !== undefined) {
    throw fieldError('/timeZone', `Only a site has a time zone; ${withArticle(type)} keeps its site's.`);
  }
}
