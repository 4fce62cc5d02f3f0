import { invalidBody } from '../http/api-error';

const ZONES = new Set(Intl.supportedValuesOf('timeZone'));

/** An IANA time zone such as Europe/London, or none. */
export function checkTimeZone(zone: string | null | undefined): string | null {
  if (zone === null || zone === undefined || zone === '') return null;
  if (!ZONES.has(zone) && zone !== 'UTC') {
    throw invalidBody([
      { pointer: '/time_zone', message: `"${zone}" is not a known time zone, such as Europe/London` },
    ]);
  }
  return zone;
}
