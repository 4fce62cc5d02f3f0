import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order Vitest's three workers take the suite's files in, one queue for
 * every project: the end-to-end files first, then the server's, then the DOM
 * tests, each project's longest files at its front.
 *
 * One queue, so no core waits for a project to end before the next starts:
 * with the e2e files in a group of their own after the rest, the two cores
 * sat partly idle while the server's files waited on timers and sockets, and
 * while the last of a group ran alone (7 % idle in all; the queue left 2.5 %).
 * The e2e files first, because they are the longest: the short DOM tests at
 * the end fill the workers around the last of the rest.
 *
 * Longest first within a project: Vitest starts files it has no timings for,
 * as on a clean clone in CI, by size, which left the gallery to run alone at
 * the end. No file may hold much more than a third of the e2e files' time:
 * the shell's tests were one file of 380 s, which alone set the project's
 * wall time.
 */
const PROJECT_ORDER = ['e2e', 'server', 'unit', 'unit-isolated'];

/** Known to take longest, longest first (the server's by wall time: the job runner's tests wait on its clock). */
const LONGEST = [
  'tests/browser/gallery.e2e.test.ts',
  'tests/browser/routes.e2e.test.ts',
  'tests/browser/journey.e2e.test.ts',
  'tests/browser/shell-pages.e2e.test.ts',
  'tests/browser/accounts.e2e.test.ts',
  'tests/browser/editor.e2e.test.ts',
  'tests/browser/broken-endpoints.e2e.test.ts',
  'server/jobs/job-runner.test.ts',
  'server/http/bad-input.test.ts',
  'server/readings/rollups-follow-choices.test.ts',
  'server/imports/kill-during-import.test.ts',
  'server/explorer/series-agree.test.ts',
];

const projectRank = (file: TestSpecification): number => {
  const rank = PROJECT_ORDER.indexOf(file.project.name);
  return rank === -1 ? PROJECT_ORDER.length : rank;
};

const fileRank = (file: TestSpecification): number => {
  const rank = LONGEST.findIndex((path) => file.moduleId.endsWith(`/${path}`));
  return rank === -1 ? LONGEST.length : rank;
};

/** Vitest's order (by last timings, else size), put in project order, each project's longest files first. */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the rest keep Vitest's order.
    return [...sorted].sort((a, b) => projectRank(a) - projectRank(b) || fileRank(a) - fileRank(b));
  }
}
