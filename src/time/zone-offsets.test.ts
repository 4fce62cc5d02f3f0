import { describe, expect, it } from 'vitest';
import { localDate, localHourStart, zoneOffset } from './zone-offsets';

const HOUR = 3_600_000;

describe('zone offsets', () => {
  it('follows Europe/London across both changes of 2024', () => {
    const london = zoneOffset('Europe/London');
    expect(london(Date.parse('2024-03-31T00:59:59Z'))).toBe(0);
    expect(london(Date.parse('2024-03-31T01:00:00Z'))).toBe(HOUR);
    expect(london(Date.parse('2024-10-27T00:59:59Z'))).toBe(HOUR);
    expect(london(Date.parse('2024-10-27T01:00:00Z'))).toBe(0);
  });

  it('answers exactly inside an hour in which the offset changes half-way', () => {
    // Lord Howe Island moves by 30 minutes at 02:00 local standard time (15:00Z) on 6 April 2024.
    const lordHowe = zoneOffset('Australia/Lord_Howe');
    expect(lordHowe(Date.parse('2024-04-06T14:59:00Z'))).toBe(11 * HOUR);
    expect(lordHowe(Date.parse('2024-04-06T15:00:00Z'))).toBe(10.5 * HOUR);
  });

  it('starts local hours on the half hour in Asia/Kolkata and keeps the repeated London hour apart', () => {
    const kolkata = zoneOffset('Asia/Kolkata');
    expect(new Date(localHourStart(kolkata, Date.parse('2024-01-01T10:10:00Z'))).toISOString()).toBe(
      '2024-01-01T09:30:00.000Z',
    );
    const london = zoneOffset('Europe/London');
    expect(localHourStart(london, Date.parse('2024-10-27T00:45:00Z'))).toBe(
      Date.parse('2024-10-27T00:00:00Z'),
    );
    expect(localHourStart(london, Date.parse('2024-10-27T01:45:00Z'))).toBe(
      Date.parse('2024-10-27T01:00:00Z'),
    );
    expect(localDate(london, Date.parse('2024-10-26T23:30:00Z'))).toBe('2024-10-27');
  });
});
