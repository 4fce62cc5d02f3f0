/** What a job's handler is given besides its data. */
export interface JobContext {
  /** Aborted when the runner stops or the run has taken longer than the job allows: stop soon after. */
  signal: AbortSignal;
  /** A line for the server's log, under the job's name. */
  log(line: string): void;
}

/**
 * When a job runs by itself, besides whenever it is sent:
 * - `everySeconds`: once per slot of that many seconds, however many
 *   processes run and across restarts (a slot already run is not run again);
 * - `cron`: at the times a cron expression names, to the minute, in a time
 *   zone (UTC when absent).
 */
export type JobSchedule = { everySeconds: number } | { cron: string; timeZone?: string };

/** How far apart a coalescing job's runs start while sends stream in (JobDefinition.throttle). */
export interface JobThrottle {
  /** The most of the process's time the job's runs take: the next starts a run's length ÷ share after it started. */
  share: number;
  /** The longest a run sent waits, however long the last one took. */
  maxSeconds: number;
}

/** After a failure, how often and how soon a run is tried again; then it stays failed. */
export interface JobRetry {
  limit: number;
  delaySeconds: number;
  /** Each delay twice the one before (with pg-boss's jitter). */
  backoff: boolean;
}

/** A background task of the product: every one is registered with the one job runner (job-runner.ts). */
export interface JobDefinition<Data extends object = Record<string, never>> {
  /** Unique among the jobs: letters, digits, '-' and '_'. */
  name: string;
  schedule?: JobSchedule;
  /**
   * A run sent while another waits to start is that run: at most one waits
   * and one runs (pg-boss's stately policy). For a job that does whatever is
   * due when it runs, so a burst of sends costs a run or two, not one each.
   */
  coalesce?: boolean;
  /**
   * With coalesce: how far apart runs sent in a stream start. A send after
   * a quiet spell runs at once; after a run, the next waits until the job
   * has taken no more than `share` of the process's time (a run of 20 ms
   * and a share of 0.05: 400 ms from one start to the next), and never
   * longer than `maxSeconds`. So a stream of sends (a write every few
   * milliseconds) costs a run now and then, each taking in every send since,
   * rather than a run each, and a cheap run is hardly held back.
   */
  throttle?: JobThrottle;
  retry?: JobRetry;
  /** A run still going after this long is aborted (its signal) and counted as failed. */
  timeoutSeconds?: number;
  run(data: Data, context: JobContext): Promise<void>;
}

/** The same definition, typed by its data: defineJob<{ siteId: number }>({ ... }). */
export function defineJob<Data extends object = Record<string, never>>(
  definition: JobDefinition<Data>,
): JobDefinition<Data> {
  if (!/^[A-Za-z0-9_-]+$/.test(definition.name)) {
    throw new Error(`job name '${definition.name}': use only letters, digits, '-' and '_'`);
  }
  return definition;
}
