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
  /**
   * Whether a throttled run this process sent is still to come due: a send
   * now would join it, so a caller may spare itself the send and what it
   * reads to decide on one.
   */
  waiting(job: JobDefinition<object>): boolean;
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
/** How long after a throttled run's start its worker is woken: the database, not this process, says it is due. */
const WAKE_MARGIN_MS = 20;

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
  /**
   * When this process last started a run of each throttled job, whether it
   * is still going, and how long it took (while it goes, the run before it).
   */
  const lastRun = new Map<string, { started: number; going: boolean; took: number }>();
  /** Wake-ups of a worker at a throttled run's start, cancelled by stop(). */
  const wakeUps = new Set<NodeJS.Timeout>();
  /** When the throttled run this process sent last comes (or came) due, by job. */
  const dueAt = new Map<string, number>();

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
        // A run sent between its forerunner's coming due and its start was spaced from that due time, an
        // estimate a busy process starts a little after: it waits out the rest, so runs are never closer.
        const early = earlyBy(job);
        if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
        const run = { started: performance.now(), going: true, took: lastRun.get(job.name)?.took ?? 0 };
        if (job.throttle) lastRun.set(job.name, run);
        const limit = AbortSignal.timeout((job.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000);
        try {
          await job.run(taken.data as object, {
            signal: AbortSignal.any([stopping.signal, limit]),
            log: (line) => log(`${job.name}: ${line}`),
          });
        } finally {
          run.took = performance.now() - run.started;
          run.going = false;
        }
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

  /** How much sooner than its throttle allows a run of the job would start now, in ms; 0 when it may. */
  function earlyBy(job: JobDefinition<object>): number {
    const last = lastRun.get(job.name);
    if (!job.coalesce || !job.throttle || !last || last.going) return 0;
    const apartMs = Math.min(last.took / job.throttle.share, job.throttle.maxSeconds * 1000);
    return Math.max(0, last.started + apartMs - performance.now());
  }

  /**
   * Seconds a run sent now waits: until the job's latest run in this process
   * is its share of the time since it started (a run still going counts as
   * long as the one before it, or as it has gone on so far if longer), or
   * its longest wait is over.
   */
  function throttledDelay(job: JobDefinition<object>): number {
    if (!job.coalesce || !job.throttle) return 0;
    const last = lastRun.get(job.name);
    // A run sent here that has come due may be taken but not yet begun (its handler not yet called): it counts
    // as started when due, or the next would be sent at once and run right after it.
    const latestStart = Math.max(last?.started ?? -Infinity, dueAt.get(job.name) ?? -Infinity);
    if (latestStart === -Infinity) return 0;
    const now = performance.now();
    const took = last === undefined ? 0 : last.going ? Math.max(last.took, now - last.started) : last.took;
    const apartMs = Math.min(took / job.throttle.share, job.throttle.maxSeconds * 1000);
    return Math.max(0, (latestStart + apartMs - now) / 1000);
  }

  /**
   * Wakes this process's worker when a run sent here is due: at once, or
   * once its throttle delay is over (a little after, as the database's clock
   * decides when it is due), rather than at the worker's next poll.
   */
  function wakeAfter(worker: string, delaySeconds: number): void {
    if (delaySeconds <= 0) {
      boss.notifyWorker(worker);
      return;
    }
    const wakeUp = setTimeout(
      () => {
        wakeUps.delete(wakeUp);
        boss.notifyWorker(worker);
      },
      delaySeconds * 1000 + WAKE_MARGIN_MS,
    );
    wakeUps.add(wakeUp);
  }

  return {
    async start() {
      await racing(() => boss.start());
      started = true;
      for (const job of jobs) await register(job);
    },
    async send(job, data) {
      // Taken before the send: the database counts the delay from a moment after this one.
      const sentAt = performance.now();
      const delaySeconds = throttledDelay(job);
      // A coalescing job's sends share its slot key, so the one waiting to start takes them in.
      const id = await boss.send(
        job.name,
        data,
        job.coalesce
          ? { singletonKey: job.name, ...(delaySeconds > 0 ? { startAfter: delaySeconds } : {}) }
          : {},
      );
      if (!id && job.coalesce) return null;
      if (!id) throw new Error(`jobs: ${job.name} was not sent`);
      if (job.throttle) dueAt.set(job.name, sentAt + delaySeconds * 1000);
      const worker = workers.get(job.name);
      if (worker) wakeAfter(worker, delaySeconds);
      return id;
    },
    waiting(job) {
      // Until it comes due, the run cannot have started, in this process or another.
      return (dueAt.get(job.name) ?? -Infinity) > performance.now();
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
      for (const wakeUp of wakeUps) clearTimeout(wakeUp);
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
