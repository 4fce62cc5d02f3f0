import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The part of s3rver 3.7 these tests use; the package ships no types. */
interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string; configs: string[] }[];
}) => S3rverInstance;

const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

/** s3rver checks signatures against this key pair. */
const CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export interface LocalS3 {
  /** The address to give s3Storage as its endpoint. */
  endpoint: string;
  /** Stops the server, deletes its folder and puts the AWS variables back as they were. */
  close(): Promise<void>;
}

/**
 * An S3-compatible server on a free port of 127.0.0.1, keeping its objects in
 * a folder of its own, with the bucket already made. The AWS SDK reads the
 * credentials from the usual variables, as it does in production, so they are
 * set here for as long as the server runs (server test files run one at a time
 * in a worker, so no other file sees them).
 */
export async function startLocalS3(bucket: string): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'insights-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const saved = Object.fromEntries(Object.keys(CREDENTIALS).map((name) => [name, process.env[name]]));
  Object.assign(process.env, CREDENTIALS);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
