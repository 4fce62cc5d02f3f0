import { readingTime } from '../rest/reading-time';

export type PlainReading = { value: number; ts: number } | { problem: string };

/**
 * A plain reading: a bare number (21.5), or {"value": 21.5, "ts": …} with ts
 * RFC 3339 with an offset or epoch milliseconds. Without ts the reading is
 * at receivedAt. Booleans count as 0 and 1, as in decoded LoRaWAN payloads.
 */
export function parsePlainPayload(payload: Buffer, receivedAt: number): PlainReading {
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch {
    return {
      problem: 'the payload is not a number or JSON like {"value": 21.5, "ts": "2024-09-30T08:00:00Z"}',
    };
  }
  if (typeof json === 'object' && json !== null && !Array.isArray(json)) {
    const { value, ts } = json as Record<string, unknown>;
    const reading = numeric(value);
    if (reading === undefined) return { problem: '"value" must be a finite number' };
    if (ts === undefined) return { value: reading, ts: receivedAt };
    if (typeof ts !== 'string' && typeof ts !== 'number') {
      return { problem: '"ts" must be RFC 3339 text or epoch milliseconds' };
    }
    const time = readingTime(ts, receivedAt);
    return 'problem' in time ? { problem: `"ts" ${time.problem}` } : { value: reading, ts: time.ms };
  }
  const reading = numeric(json);
  if (reading === undefined)
    return { problem: 'the payload must be a finite number or {"value": …, "ts": …}' };
  return { value: reading, ts: receivedAt };
}

/** JSON allows 1e999, which parses to Infinity: not a reading. */
function numeric(value: unknown): number | undefined {
  if (typeof value === 'boolean') return value ? 1 : 0;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
