import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage, type ObjectStorage, s3Storage } from './object-storage';
import { startLocalS3 } from './s3-server.test-helper';

interface Backend {
  name: string;
  /** A fresh, empty storage, and how to remove it. */
  open(): Promise<{ storage: ObjectStorage; close(): Promise<void> }>;
}

const BUCKET = 'insights-files';

const backends: Backend[] = [
  {
    name: 'a local folder',
    async open() {
      const root = mkdtempSync(join(tmpdir(), 'insights-storage-'));
      return {
        storage: localStorage(root),
        close: async () => rmSync(root, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'an S3 bucket (s3rver)',
    async open() {
      const s3 = await startLocalS3(BUCKET);
      // The SDK signs every upload with a CRC32 checksum (x-amz-checksum-crc32); s3rver accepts it as it is,
      // no requestChecksumCalculation setting is needed.
      return {
        storage: s3Storage({ bucket: BUCKET, region: 'eu-central-1', endpoint: s3.endpoint }),
        close: () => s3.close(),
      };
    },
  },
];

/** Bytes that are not text: every byte value, in an order no off-by-one keeps. */
function patterned(length: number): Buffer {
  const bytes = Buffer.alloc(length);
  for (let index = 0; index < length; index++) bytes[index] = (index * 31 + 7) % 251;
  return bytes;
}

// The same behaviour whichever backend is configured: the app cannot tell them apart.
describe.each(backends)('object storage in $name', ({ open }) => {
  let storage: ObjectStorage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await open());
  });
  afterAll(async () => close?.());

  it('gives back what was stored byte for byte, under its own key', async () => {
    const image = patterned(70_001);
    const other = Buffer.from('Time,Value\n2024-01-01T00:00:00Z,1\n');
    await storage.put('PROFILE/3f1c2a.webp', image, 'image/webp');
    await storage.put('METER_FILES/3f1c2a.csv', other, 'text/csv');
    expect((await storage.get('PROFILE/3f1c2a.webp'))?.equals(image)).toBe(true);
    expect((await storage.get('METER_FILES/3f1c2a.csv'))?.toString()).toBe(other.toString());
  });

  // Larger than the 512 kB steps Node's readFile and writeFile take, and than one network packet by far.
  it('gives back a large file byte for byte, and a shorter one stored over it without the old tail', async () => {
    const large = patterned(12 * 1024 * 1024 + 17);
    await storage.put('METER_FILES/large.csv', large, 'text/csv');
    const read = await storage.get('METER_FILES/large.csv');
    expect(read?.length).toBe(large.length);
    expect(read?.equals(large)).toBe(true);

    const short = Buffer.from('Time,Value\n2024-01-01T00:00:00Z,1\n');
    await storage.put('METER_FILES/large.csv', short, 'text/csv');
    expect((await storage.get('METER_FILES/large.csv'))?.toString()).toBe(short.toString());
  }, 60_000);

  it('stores an empty file as empty, not as missing', async () => {
    await storage.put('EXPORTS/empty.csv', Buffer.alloc(0), 'text/csv');
    expect((await storage.get('EXPORTS/empty.csv'))?.length).toBe(0);
  });

  it('says there is nothing for a key never stored or deleted, and deleting twice is no error', async () => {
    expect(await storage.get('METER_FILES/never.csv')).toBeUndefined();
    await storage.put('METER_FILES/gone.csv', Buffer.from('x'), 'text/csv');
    await storage.delete('METER_FILES/gone.csv');
    expect(await storage.get('METER_FILES/gone.csv')).toBeUndefined();
    await expect(storage.delete('METER_FILES/gone.csv')).resolves.toBeUndefined();
    await expect(storage.delete('METER_FILES/never.csv')).resolves.toBeUndefined();
  });

  it('refuses what is not a key before reaching the store', async () => {
    for (const key of ['../escape.csv', 'PROFILE/../../etc/passwd', 'profile/a.webp', 'PROFILE/a', '']) {
      await expect(storage.get(key)).rejects.toThrow(`not a storage key: ${key}`);
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/not a storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/not a storage key/);
    }
  });
});

describe('object storage in an S3 bucket that is not there', () => {
  let s3: Awaited<ReturnType<typeof startLocalS3>>;
  beforeAll(async () => {
    s3 = await startLocalS3(BUCKET);
  });
  afterAll(async () => s3?.close());

  // A missing file is an answer; a missing bucket is a broken configuration, and must not pass for one.
  it('fails every call instead of answering "no such file"', async () => {
    const storage = s3Storage({ bucket: 'no-such-bucket', region: 'eu-central-1', endpoint: s3.endpoint });
    await expect(storage.get('PROFILE/a.webp')).rejects.toThrow(/bucket does not exist/);
    await expect(storage.put('PROFILE/a.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /bucket does not exist/,
    );
  });
});
