import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The e2e files that take longest, longest first: on a busy two-core machine
 * the gallery, journey, routes and the shell's pages take 100 to 115 s each
 * of a project of about 460. Vitest starts files it has no timings for, as on
 * a clean clone in CI, by size, which left the gallery to run alone at the
 * end; started first, the shorter files fill the workers around them. No file
 * may hold much more than a third of the project's time: the shell's tests
 * were one file of 380 s, which alone set the project's wall time.
 */
const LONGEST = ['gallery', 'journey', 'routes', 'shell-pages', 'accounts', 'editor', 'broken-endpoints'];

const rankOf = (file: TestSpecification): number => {
  const rank = LONGEST.findIndex((name) => file.moduleId.endsWith(`/tests/browser/${name}.e2e.test.ts`));
  return rank === -1 ? LONGEST.length : rank;
};

/** Vitest's order (by last timings, else size), with the longest e2e files moved to the front. */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the rest keep Vitest's order.
    return [...sorted].sort((a, b) => rankOf(a) - rankOf(b));
  }
}
