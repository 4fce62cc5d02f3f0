/** How far from now a timestamp may be: further is a unit or typing mistake, not a reading. */
const MAX_YEARS = 50;
const YEAR_MS = 365.25 * 86_400_000;

const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?([Zz]|([+-])(\d{2}):(\d{2}))$/;

export type ReadingTime = { ms: number } | { problem: string };

/**
 * A reading's instant from RFC 3339 text with a zone offset, or epoch
 * milliseconds. Local times without an offset are refused: across a clock
 * change they name two instants, or none.
 */
export function readingTime(ts: string | number, now: number): ReadingTime {
  const ms = typeof ts === 'number' ? epochMs(ts) : rfc3339(ts);
  if ('problem' in ms) return ms;
  if (Math.abs(ms.ms - now) > MAX_YEARS * YEAR_MS) {
    const looksLikeSeconds = typeof ts === 'number' && ts > 1e8 && ts < 1e11;
    return {
      problem: looksLikeSeconds
        ? 'is more than 50 years from now; it looks like seconds, send epoch milliseconds'
        : 'is more than 50 years from now',
    };
  }
  return ms;
}

function epochMs(ts: number): ReadingTime {
  if (!Number.isFinite(ts)) return { problem: 'must be a finite number of epoch milliseconds' };
  // Readings are kept to the millisecond.
  return { ms: Math.floor(ts) };
}

function rfc3339(text: string): ReadingTime {
  const match = RFC3339.exec(text.trim());
  if (!match) {
    return {
      problem: `"${text.slice(0, 40)}" is not RFC 3339 with a zone offset (e.g. 2024-03-31T01:15:00Z) or epoch milliseconds`,
    };
  }
  const [, year, month, day, hour, minute, second = '0', fraction = '', , sign, offsetHours, offsetMinutes] =
    match;
  const fields = [year, month, day, hour, minute, second].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(fields[0], fields[1] - 1, fields[2], fields[3], fields[4], fields[5]);
  const check = new Date(wall);
  const valid =
    check.getUTCFullYear() === fields[0] &&
    check.getUTCMonth() === fields[1] - 1 &&
    check.getUTCDate() === fields[2] &&
    check.getUTCHours() === fields[3] &&
    check.getUTCMinutes() === fields[4] &&
    check.getUTCSeconds() === fields[5] &&
    Number(offsetHours ?? 0) <= 23 &&
    Number(offsetMinutes ?? 0) <= 59;
  if (!valid) return { problem: `"${text.slice(0, 40)}" is not a real date and time` };
  const milliseconds = Math.floor(Number(`0${fraction || '.0'}`) * 1000);
  const offset = sign
    ? (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60_000
    : 0;
  return { ms: wall + milliseconds - offset };
}
