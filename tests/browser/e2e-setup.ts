import { appendFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, afterEach, beforeEach, expect, inject } from 'vitest';
import type { EndpointName } from '../../src/generated/api-contracts';
import { beginTest, endTest } from './page-watch';

/**
 * Every e2e test, in every file: whatever its browser contexts saw go wrong
 * that the test did not declare (page-watch.ts) fails it, and the contracts
 * it called are written down for the run's coverage of endpoints
 * (endpoint-coverage.ts).
 */

beforeEach(() => {
  beginTest();
});

afterEach(async ({ task }) => {
  const { failures, contracts } = await endTest();
  recordCalls(testName(task), contracts);
  if (failures.length > 0) throw undeclaredFailures(failures);
});

// Contexts made in beforeAll or between tests are watched too.
afterAll(async () => {
  const { failures, contracts } = await endTest({ outsideTests: true });
  recordCalls('(outside any test)', contracts);
  if (failures.length > 0) throw undeclaredFailures(failures);
});

function undeclaredFailures(failures: string[]): Error {
  return new Error(
    `The browser saw ${failures.length} failure(s) this test did not declare:\n- ${failures.join('\n- ')}`,
  );
}

/** "describe > it", as the report names a test. */
interface Named {
  name: string;
  suite?: Named;
}

function testName(task: Named): string {
  const names = [task.name];
  // The file's own suite has the file's name, which the report gives apart.
  for (let suite = task.suite; suite?.suite; suite = suite.suite) names.unshift(suite.name);
  return names.join(' > ');
}

/** One line of JSON per test, in the folder the run's global set-up made (endpoint-coverage.ts). */
function recordCalls(test: string, contracts: EndpointName[]): void {
  const file = relative(process.cwd(), expect.getState().testPath ?? '(unknown file)');
  const line = JSON.stringify({ file, test, contracts });
  appendFileSync(join(inject('e2eCallsDir'), `${process.pid}.jsonl`), `${line}\n`);
}
