import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { isNoRoom, StorageFull } from './storage-full';

/** Where images and files live: a local folder by default, an S3-compatible bucket when configured. */
export interface ObjectStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or undefined when there is none. */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
}

/** Keys look like PROFILE/<uuid>.webp: a folder in capitals, a name, an extension. Nothing else reaches the disk. */
const KEY = /^[A-Z_]+\/[a-z0-9-]+\.[a-z0-9]+$/;

export function assertKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`not a storage key: ${key}`);
}

export function localStorage(root: string): ObjectStorage {
  const pathOf = (key: string) => {
    assertKey(key);
    const path = resolve(root, key);
    if (!path.startsWith(resolve(root))) throw new Error(`not a storage key: ${key}`);
    return path;
  };
  return {
    async put(key, body) {
      const path = pathOf(key);
      // Written beside its place and moved into it whole: a disk that fills up mid-way, or a process killed,
      // leaves no part of a file under its key, and what is partial is removed.
      const partial = `${path}.${randomUUID()}.partial`;
      try {
        await mkdir(dirname(path), { recursive: true });
        await writeWhole(partial, body);
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw isNoRoom(error) ? new StorageFull(key) : error;
      }
    },
    async get(key) {
      try {
        return await readWhole(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/**
 * A file's bytes in one read where readFile takes one per 512 kB: a meter file
 * of tens of megabytes would otherwise wait for the event loop at every step.
 * writeWhole is its counterpart for writeFile.
 */
async function readWhole(path: string): Promise<Buffer> {
  const file = await open(path);
  try {
    const { size } = await file.stat();
    const bytes = Buffer.allocUnsafe(size);
    let filled = 0;
    while (filled < size) {
      const { bytesRead } = await file.read(bytes, filled, size - filled, filled);
      if (bytesRead === 0) break; // cut short while being read
      filled += bytesRead;
    }
    return bytes.subarray(0, filled);
  } finally {
    await file.close();
  }
}

async function writeWhole(path: string, bytes: Uint8Array): Promise<void> {
  const file = await open(path, 'w');
  try {
    let written = 0;
    while (written < bytes.length) {
      written += (await file.write(bytes, written, bytes.length - written, written)).bytesWritten;
    }
  } finally {
    await file.close();
  }
}

export interface S3Settings {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2...); AWS itself needs none. */
  endpoint: string | undefined;
}

export function s3Storage({ bucket, region, endpoint }: S3Settings): ObjectStorage {
  const client = new S3Client({ region, ...(endpoint ? { endpoint, forcePathStyle: true } : {}) });
  return {
    async put(key, body, contentType) {
      assertKey(key);
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }),
      );
    },
    async get(key) {
      assertKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        throw error;
      }
    },
    async delete(key) {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}

export const storageFolder = (root: string) => join(root, 'files');
