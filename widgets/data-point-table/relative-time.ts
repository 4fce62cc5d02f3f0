const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "5 minutes ago", "yesterday", "3 weeks ago"; "never" when nothing arrived yet. */
export function relativeTime(iso: string | null, now: number): string {
  if (iso === null) return 'never';
  const elapsed = Date.parse(iso) - now;
  for (const [unit, length] of UNITS) {
    if (Math.abs(elapsed) >= length) return format.format(Math.round(elapsed / length), unit);
  }
  return 'just now';
}
