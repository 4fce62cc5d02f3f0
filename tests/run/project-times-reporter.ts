import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/** One Vitest project's span in a run: from its first file's start to its last file's end. */
export interface ProjectSpan {
  project: string;
  files: number;
  tests: number;
  /** Epoch milliseconds. */
  start: number;
  end: number;
}

/** Where the reporter writes the run's spans, for the test runner's summary (run-all.ts). */
export const PROJECT_TIMES_FILE_VARIABLE = 'INSIGHTS_PROJECT_TIMES_FILE';

/**
 * Records each project's wall-clock span, so the test runner can say which
 * project a slow-down is in. Files of several projects run side by side, so a
 * project's span is its wall time in this run, not its cost alone.
 */
export default class ProjectTimesReporter implements Reporter {
  private readonly spans = new Map<string, ProjectSpan>();

  onTestModuleStart(testModule: TestModule): void {
    const project = testModule.project.name;
    const now = Date.now();
    const span = this.spans.get(project) ?? { project, files: 0, tests: 0, start: now, end: now };
    span.start = Math.min(span.start, now);
    this.spans.set(project, span);
  }

  onTestModuleEnd(testModule: TestModule): void {
    const span = this.spans.get(testModule.project.name);
    if (!span) return;
    span.files += 1;
    span.tests += [...testModule.children.allTests()].length;
    span.end = Math.max(span.end, Date.now());
  }

  onTestRunEnd(): void {
    const file = process.env[PROJECT_TIMES_FILE_VARIABLE];
    if (file) writeFileSync(file, JSON.stringify([...this.spans.values()]));
  }
}
