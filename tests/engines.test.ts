// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Lockfile, packagesRefusing } from './lockfile-engines';

const root = process.cwd();
const readJson = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8'));

describe('engines', () => {
  const ours: string = readJson('package.json').engines.node;

  it('every locked package accepts the oldest Node that package.json promises', () => {
    // If this fails, pin the package (or override the transitive one) to a version whose
    // engines.node accepts it, rather than raising our engines: a fresh machine runs Node 20.
    expect(packagesRefusing(readJson('package-lock.json') as Lockfile, ours)).toEqual([]);
  });

  it('names a package that wants a newer Node, nested or not, and lets the others pass', () => {
    const lockfile: Lockfile = {
      packages: {
        '': { version: '0.1.0', engines: { node: ours } },
        'node_modules/jotai': { version: '3.0.1', engines: { node: '>=22.12.0' } },
        'node_modules/fastify/node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } },
        'node_modules/vite': { version: '8.3.8', engines: { node: '^20.19.0 || >=22.12.0' } },
        'node_modules/kysely': { version: '0.28.19', engines: { node: '>=20.0.0' } },
        'node_modules/concat-stream': { version: '2.0.0', engines: ['node >= 6.0'] },
        'node_modules/react': { version: '19.3.1' },
      },
    };
    expect(packagesRefusing(lockfile, '>=20.19')).toEqual([
      'jotai@3.0.1 wants >=22.12.0',
      'cookie@2.0.2 wants >=22',
    ]);
  });

  it('checks the oldest Node of a range, not the newest', () => {
    const lockfile: Lockfile = {
      packages: { 'node_modules/vite': { version: '8.3.8', engines: { node: '^20.19.0 || >=22.12.0' } } },
    };
    expect(packagesRefusing(lockfile, '>=20.18')).toEqual(['vite@8.3.8 wants ^20.19.0 || >=22.12.0']);
  });
});
