/**
 * Every IANA zone this browser knows, UTC first. Browsers list canonical
 * zones only and leave UTC out: a select of that list shows a stored "UTC"
 * as its first entry, Africa/Abidjan.
 */
export function timeZoneNames(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
}

/** Whether the browser knows the zone (an alias such as Europe/Kiev too); the server checks it again. */
export function isTimeZone(zone: string): boolean {
  if (!zone.trim()) return false;
  try {
    new Intl.DateTimeFormat(undefined, { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
