import semver from 'semver';

/** The parts of package-lock.json (lockfileVersion 2 or 3) that say which Node each package accepts. */
export interface Lockfile {
  packages: Record<string, { version?: string; engines?: unknown }>;
}

/**
 * Every locked package whose `engines.node` refuses the oldest Node that `ours` (package.json's
 * `engines.node`) promises, as `name@version wants <range>`. These are the packages `npm ci` warns
 * EBADENGINE about on that Node, and that may use what it lacks.
 *
 * The oldest version is the one to check: a range such as vite's `^20.19.0 || >=22.12.0` skips
 * Node 21 on purpose, so "every version ours allows" would refuse half the ecosystem, while the
 * oldest Node 20 we promise is exactly what a fresh machine has. Ranges are read as npm reads them
 * (npm-install-checks: prereleases included, the legacy array form of `engines` ignored).
 */
export function packagesRefusing(lockfile: Lockfile, ours: string): string[] {
  const oldest = semver.minVersion(ours);
  if (!oldest) throw new Error(`package.json's engines.node "${ours}" allows no version`);
  const refusing: string[] = [];
  for (const [path, entry] of Object.entries(lockfile.packages)) {
    if (path === '') continue; // the project itself, whose range is `ours`
    const wanted = nodeRange(entry.engines);
    if (wanted === undefined) continue;
    if (!semver.satisfies(oldest, wanted, { includePrerelease: true })) {
      refusing.push(`${packageName(path)}@${entry.version} wants ${wanted}`);
    }
  }
  return refusing;
}

function nodeRange(engines: unknown): string | undefined {
  if (typeof engines !== 'object' || engines === null || Array.isArray(engines)) return undefined;
  const node = (engines as { node?: unknown }).node;
  return typeof node === 'string' ? node : undefined;
}

/** `node_modules/a/node_modules/@scope/b` → `@scope/b`. */
function packageName(path: string): string {
  return path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
}
