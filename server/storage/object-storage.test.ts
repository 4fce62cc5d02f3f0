import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { localStorage } from './object-storage';

describe('local object storage', () => {
  const roots: string[] = [];
  const storage = () => {
    const root = mkdtempSync(join(tmpdir(), 'insights-storage-'));
    roots.push(root);
    return localStorage(root);
  };
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  // Larger than the 512 kB steps Node's readFile and writeFile take, which these replace.
  it('gives back a large file byte for byte, and a shorter one stored over it without the old tail', async () => {
    const files = storage();
    const large = Buffer.alloc(3 * 1024 * 1024 + 17);
    for (let index = 0; index < large.length; index++) large[index] = (index * 31 + 7) % 251;
    await files.put('METER_FILES/large.csv', large, 'text/csv');
    expect((await files.get('METER_FILES/large.csv'))?.equals(large)).toBe(true);

    const short = Buffer.from('Time,Value\n2024-01-01T00:00:00Z,1\n');
    await files.put('METER_FILES/large.csv', short, 'text/csv');
    expect((await files.get('METER_FILES/large.csv'))?.toString()).toBe(short.toString());
  });

  it('says there is nothing for a key never stored or deleted, and refuses what is not a key', async () => {
    const files = storage();
    expect(await files.get('METER_FILES/never.csv')).toBeUndefined();
    await files.put('METER_FILES/gone.csv', Buffer.from('x'), 'text/csv');
    await files.delete('METER_FILES/gone.csv');
    expect(await files.get('METER_FILES/gone.csv')).toBeUndefined();
    await expect(files.get('../escape.csv')).rejects.toThrow(/not a storage key/);
  });
});
