import PgBoss from 'pg-boss';
import type { Database } from '../db/database';
import { bossDatabase } from './boss-database';
import type { JobDefinition } from './job';

/** One run of a job, as the job table keeps it. */
export interface JobRun {
  id: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  /** Tries after the first. */
  retryCount: number;
  createdOn: Date;
  completedOn: Date | null;
  /** For a failed run, what the handler threw ({ message, stack }). */
  output: unknown;
}

/** The product's background tasks: each registered once, all started and stopped here. */
export interface JobRunner {
  start(): Promise<void>;
  /**
   * Runs a job now, in whichever process's worker takes it first; the run's
   * id, or null when a coalescing job's run already waits to start.
   */
  send<Data extends object>(job: JobDefinition<Data>, data: Data): Promise<string | null>;
  /** A job's runs, newest first. */
  runs(name: string): Promise<JobRun[]>;
  /** Aborts the runs in progress (their signal), waits for them to end, and stops taking new ones. */
  stop(): Promise<void>;
}

interface JobRunnerOptions {
  db: Database;
  // biome-ignore lint/suspicious/noExplicitAny: each job names its own data type.
  jobs: readonly JobDefinition<any>[];
  log: (line: string) => void;
  /** The schema of the job tables: pg-boss's own, so each database (or test schema) has one of its own. */
  schema?: string;
  /** How often a worker asks for work when it found none: pg-boss's own default, a query every 2 s per job. */
  pollingSeconds?: number;
}

/** A run that names no limit is aborted after this long. */
const DEFAULT_TIMEOUT_SECONDS = 15 * 60;
const NO_RETRY = { limit: 0, delaySeconds: 0, backoff: false };

/**
 * The one job runner: pg-boss over the product's database handle (PostgreSQL
 * or embedded PGlite alike), so runs, retries and failures are rows in its job
 * table, and a job runs once however many processes run it: a worker takes a
 * run with FOR UPDATE SKIP LOCKED, and a slot of a schedule is a singleton row.
 */
export function createJobRunner({
  db,
  jobs,
  log,
  schema = 'pgboss',
  pollingSeconds = 2,
}: JobRunnerOptions): JobRunner {
  assertUniqueNames(jobs);
  // Written into the runner's own queries: a name, never a value from a request.
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`jobs: '${schema}' is not a schema name`);
  const stopping = new AbortController();
  const timers: NodeJS.Timeout[] = [];
  const database = bossDatabase(db);
  const boss = new PgBoss({
    db: database,
    schema,
    // Cron schedules are checked only where a job has one.
    schedule: jobs.some((job) => job.schedule && 'cron' in job.schedule),
  });
  boss.on('error', (error) => {
    // While another process runs a coalescing job and its next run waits, this process's fetch of that run
    // breaks the stately policy's unique index (job_i3): the policy doing its work, tried again at the next
    // poll, not a fault to log every two seconds.
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code === '23505' && constraint === 'job_i3') return;
    log(`jobs: ${error.message}`);
  });
  let started = false;
  /** This process's worker of each job, woken by send() so a run sent here starts at once, not at its next poll. */
  const workers = new Map<string, string>();

  async function register(job: JobDefinition<object>): Promise<void> {
    const retry = job.retry ?? NO_RETRY;
    const queue = {
      name: job.name,
      retryLimit: retry.limit,
      retryDelay: retry.delaySeconds,
      retryBackoff: retry.backoff,
      expireInSeconds: job.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
      policy: (job.coalesce ? 'stately' : 'standard') as 'stately' | 'standard',
    };
    // createQueue keeps an existing queue as it was; updateQueue brings its retries and limit up to date.
    await racing(() => boss.createQueue(job.name, queue));
    await racing(() => boss.updateQueue(job.name, queue));
    const worker = await boss.work(
      job.name,
      { pollingIntervalSeconds: pollingSeconds, batchSize: 1 },
      async ([taken]) => {
        if (!taken) return;
        // A job whose fetch was on its way as stop() began reaches here after pg-boss's graceful wait looked
        // for work in progress and found none; its shutdown then marks the job failed while the run goes
        // ahead (a run of a slot counted once but stored as not done, in a test beside a busy suite).
        // Refused, the job is failed before anything ran, and a job with retries is taken up again.
        if (stopping.signal.aborted) throw new Error('the job runner is stopping');
        const limit = AbortSignal.timeout((job.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000);
        await job.run(taken.data as object, {
          signal: AbortSignal.any([stopping.signal, limit]),
          log: (line) => log(`${job.name}: ${line}`),
        });
      },
    );
    workers.set(job.name, worker);
    if (job.schedule && 'cron' in job.schedule) {
      await boss.schedule(job.name, job.schedule.cron, undefined, { tz: job.schedule.timeZone ?? 'UTC' });
    } else {
      await boss.unschedule(job.name);
    }
    if (job.schedule && 'everySeconds' in job.schedule) everySlot(job.name, job.schedule.everySeconds);
  }

  /**
   * Offers a run for each slot of `seconds`, a few times a slot: the first
   * offer of a slot from any process makes its run, the others find the slot
   * taken (pg-boss's singleton), before and after a restart alike.
   */
  function everySlot(name: string, seconds: number): void {
    const offer = () =>
      boss
        .send(name, {}, { singletonKey: name, singletonSeconds: seconds })
        .catch((error: Error) => log(`jobs: ${name} could not be scheduled: ${error.message}`));
    void offer();
    timers.push(setInterval(offer, Math.min(Math.max(seconds / 4, 0.25), 30) * 1000));
  }

  return {
    async start() {
      await racing(() => boss.start());
      started = true;
      for (const job of jobs) await register(job);
    },
    async send(job, data) {
      // A coalescing job's sends share its slot key, so the one waiting to start takes them in.
      const id = await boss.send(job.name, data, job.coalesce ? { singletonKey: job.name } : {});
      if (!id && job.coalesce) return null;
      if (!id) throw new Error(`jobs: ${job.name} was not sent`);
      const worker = workers.get(job.name);
      if (worker) boss.notifyWorker(worker);
      return id;
    },
    async runs(name) {
      const { rows } = await database.executeSql(
        `select id, state, retry_count as "retryCount", created_on as "createdOn",
                completed_on as "completedOn", output
           from ${schema}.job where name = $1 order by created_on desc`,
        [name],
      );
      return rows as JobRun[];
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      stopping.abort(new Error('the job runner is stopping'));
      if (started) await boss.stop({ graceful: true, wait: true, close: false });
      await database.settled();
    },
  };
}

/**
 * Processes started together race to create pg-boss's tables and each job's
 * queue: the loser's script fails on what the winner made, or PostgreSQL
 * breaks their deadlock. Tried again, it finds them made.
 */
async function racing(step: () => Promise<unknown>, tries = 4): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await step();
      return;
    } catch (error) {
      if (attempt >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

function assertUniqueNames(jobs: readonly JobDefinition<object>[]): void {
  const seen = new Set<string>();
  for (const { name } of jobs) {
    if (seen.has(name)) throw new Error(`jobs: two jobs are named '${name}'`);
    seen.add(name);
  }
}
