import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { describeEachEngine, openTestDatabase } from '../db/test-database';
import { defineJob } from './job';
import { createJobRunner, type JobRunner } from './job-runner';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds, or fails after `ms`. */
async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still waiting after ${ms} ms for ${what}`);
    await sleep(100);
  }
}

describeEachEngine('the job runner on %s', (engine) => {
  let handle: DatabaseHandle;
  // On PostgreSQL the test files share one database: each runner here keeps its job tables apart.
  const schema = `jobs_test_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  const runners: JobRunner[] = [];
  const runner = (jobs: Parameters<typeof createJobRunner>[0]['jobs']) => {
    const made = createJobRunner({ db: handle.db, jobs, schema, log: () => {}, pollingSeconds: 0.5 });
    runners.push(made);
    return made;
  };

  beforeAll(async () => {
    handle = await openTestDatabase(engine);
  });
  afterAll(async () => {
    for (const made of runners) await made.stop();
    await sql.raw(`drop schema if exists ${schema} cascade`).execute(handle.db);
    await handle?.close();
  });

  it('runs a job of every second once per slot, beside a second process and across a restart', async () => {
    const ran: string[] = [];
    const tick = defineJob({
      name: 'tick',
      schedule: { everySeconds: 1 },
      run: async () => {
        ran.push(new Date().toISOString());
      },
    });
    const first = runner([tick]);
    const second = runner([tick]);
    await Promise.all([first.start(), second.start()]);
    await sleep(2_500);
    await first.stop();
    const restarted = runner([tick]);
    await restarted.start();
    await sleep(2_000);
    await Promise.all([second.stop(), restarted.stop()]);

    const { rows } = await sql<{ slot: Date; state: string }>`
      select singleton_on as slot, state from ${sql.table(`${schema}.job`)} where name = 'tick'`.execute(
      handle.db,
    );
    const slots = rows.map((row) => new Date(row.slot).getTime());
    // Four and a half seconds hold four or five slots; none twice, and each run once.
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(new Set(slots).size).toBe(slots.length);
    expect(ran, `runs stored as ${rows.map((row) => row.state).join(', ')}`).toHaveLength(
      rows.filter((row) => row.state === 'completed').length,
    );
  }, 30_000);

  it('tries a failing job again after growing delays, then keeps it as failed with what it threw', async () => {
    const tries: number[] = [];
    const fails = defineJob<{ meter: string }>({
      name: 'fails',
      retry: { limit: 2, delaySeconds: 1, backoff: true },
      run: async ({ meter }) => {
        tries.push(Date.now());
        throw new Error(`meter ${meter} did not answer`);
      },
    });
    const jobs = runner([fails]);
    await jobs.start();
    const id = await jobs.send(fails, { meter: 'M-1' });
    await until(async () => (await jobs.runs('fails'))[0]?.state === 'failed', 20_000, 'the run to fail');

    const [run] = await jobs.runs('fails');
    expect(run).toMatchObject({ id, state: 'failed', retryCount: 2 });
    expect(JSON.stringify(run?.output)).toContain('meter M-1 did not answer');
    expect(tries).toHaveLength(3);
    const [first = 0, second = 0, third = 0] = tries;
    // Backoff: the second retry waits at least twice the first delay (pg-boss adds jitter on top).
    expect(second - first).toBeGreaterThanOrEqual(900);
    expect(third - second).toBeGreaterThanOrEqual(1_900);
    await jobs.stop();
  }, 30_000);

  it('aborts a run in progress when it stops, and waits for it to end', async () => {
    let seen: AbortSignal | undefined;
    let ended = false;
    const slow = defineJob({
      name: 'slow',
      run: async (_data, { signal }) => {
        seen = signal;
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
        ended = true;
      },
    });
    const jobs = runner([slow]);
    await jobs.start();
    await jobs.send(slow, {});
    await until(async () => seen !== undefined, 10_000, 'the run to start');
    expect(seen?.aborted).toBe(false);
    await jobs.stop();
    expect(seen?.aborted).toBe(true);
    expect(ended).toBe(true);
  }, 30_000);
});
