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

  it('runs a throttled job sent after a quiet spell at once, and spaces the runs of a stream of sends', async () => {
    const started = { share: [] as number[], capped: [] as number[] };
    /** Runs of 100 ms: at a tenth of the time, a second apart; at a hundredth, ten seconds, but 0.6 s at most. */
    const throttled = (name: keyof typeof started, throttle: { share: number; maxSeconds: number }) =>
      defineJob({
        name,
        coalesce: true,
        throttle,
        run: async () => {
          started[name].push(performance.now());
          await sleep(100);
        },
      });
    const share = throttled('share', { share: 0.1, maxSeconds: 5 });
    const capped = throttled('capped', { share: 0.01, maxSeconds: 0.6 });
    const jobs = runner([share, capped]);
    await jobs.start();
    const quietSend = performance.now();
    await Promise.all([jobs.send(share, {}), jobs.send(capped, {})]);
    await until(async () => started.share.length + started.capped.length === 2, 5_000, 'the first runs');
    // Woken by the send, not found at the worker's next poll (every half second here).
    for (const [first] of Object.values(started)) expect(first as number).toBeLessThan(quietSend + 400);
    // Once the first runs have ended (how long they took sets the spacing), a send every 50 ms for 2.7 s:
    // each joins the run waiting for its turn.
    await sleep(200);
    const streamStart = performance.now();
    let waited = 0;
    while (performance.now() - streamStart < 2_700) {
      await Promise.all([jobs.send(share, {}), jobs.send(capped, {})]);
      if (jobs.waiting(share)) waited++;
      await sleep(50);
    }
    await until(
      async () => !jobs.waiting(share) && !jobs.waiting(capped),
      5_000,
      'the last runs to come due',
    );
    await sleep(300);
    const apart = (runs: number[]) =>
      runs.slice(1).map((at, index) => Math.round(at - (runs[index] as number)));
    expect(waited).toBeGreaterThan(10);
    // 2.7 s of sends from the first runs on: a second apart, three runs more at most; 0.6 s apart (the cap,
    // where the share alone would space them ten seconds), four or five, or three on a slow machine.
    expect(apart(started.share).length, 'a second apart').toBeGreaterThanOrEqual(2);
    expect(apart(started.share).length).toBeLessThanOrEqual(3);
    for (const gap of apart(started.share)) expect(gap).toBeGreaterThanOrEqual(990);
    expect(apart(started.capped).length, '0.6 s apart').toBeGreaterThanOrEqual(3);
    expect(apart(started.capped).length).toBeLessThanOrEqual(5);
    for (const gap of apart(started.capped)) expect(gap).toBeGreaterThanOrEqual(590);
  }, 30_000);
});
