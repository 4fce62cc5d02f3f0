import { describe, expect, it } from 'vitest';
import { readingTime } from './reading-time';

const NOW = Date.parse('2026-01-15T12:00:00Z');

describe('reading times', () => {
  it('reads RFC 3339 with any offset, and epoch milliseconds', () => {
    expect(readingTime('2024-03-31T01:15:00Z', NOW)).toEqual({ ms: Date.parse('2024-03-31T01:15:00Z') });
    expect(readingTime('2024-03-31T02:15:00+01:00', NOW)).toEqual({ ms: Date.parse('2024-03-31T01:15:00Z') });
    expect(readingTime('2024-03-31 01:15:00.1239-00:30', NOW)).toEqual({
      ms: Date.parse('2024-03-31T01:45:00.123Z'),
    });
    expect(readingTime(1_711_847_700_000, NOW)).toEqual({ ms: 1_711_847_700_000 });
  });

  it('refuses local times without an offset, impossible dates, and instants more than 50 years away', () => {
    expect(readingTime('2024-03-31T01:15:00', NOW)).toEqual({
      problem:
        '"2024-03-31T01:15:00" is not RFC 3339 with a zone offset (e.g. 2024-03-31T01:15:00Z) or epoch milliseconds',
    });
    expect(readingTime('2024-02-30T00:00:00Z', NOW)).toEqual({
      problem: '"2024-02-30T00:00:00Z" is not a real date and time',
    });
    expect(readingTime('1975-01-01T00:00:00Z', NOW)).toEqual({ problem: 'is more than 50 years from now' });
    expect(readingTime(1_711_847_700, NOW)).toEqual({
      problem: 'is more than 50 years from now; it looks like seconds, send epoch milliseconds',
    });
    expect(readingTime(Number.POSITIVE_INFINITY, NOW)).toEqual({
      problem: 'must be a finite number of epoch milliseconds',
    });
  });
});
