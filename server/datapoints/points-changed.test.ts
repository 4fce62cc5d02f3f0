import { afterAll, beforeAll, expect, it } from 'vitest';
import { noticesConnectionsFromNow } from '../db/cut-notices.test-helper';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { listenForNotices } from '../db/postgres-notices';
import type { ProcessNotices } from '../db/process-notices';
import { createTestSchema, type TestPlace } from '../db/test-database';
import { describeWithService } from '../test-services.test-helper';
import { until } from '../until.test-helper';
import { onPointsChanged, relayPointsChanged, tellPointsChanged } from './points-changed';

/** One server process as far as points-changed is concerned: its database handle, its notices and its relay. */
interface Process {
  handle: DatabaseHandle;
  notices: ProcessNotices;
  stopRelaying: () => void;
  /** How many times this process's listeners heard of a change. */
  heard: () => number;
}

// Several processes share PostgreSQL only; PGlite is one process's.
describeWithService('TEST_DATABASE_URL', 'points changed, told between server processes on postgres', () => {
  let place: TestPlace;
  const processes: Process[] = [];

  async function startProcess(): Promise<Process> {
    const handle = await openDatabase({ url: place.url });
    const notices = await listenForNotices(place.url);
    const stopRelaying = relayPointsChanged(handle.db, notices);
    let heard = 0;
    onPointsChanged(handle.db, () => heard++);
    const started = { handle, notices, stopRelaying, heard: () => heard };
    processes.push(started);
    return started;
  }

  beforeAll(async () => {
    place = await createTestSchema();
  });
  afterAll(async () => {
    for (const { handle, notices, stopRelaying } of processes) {
      stopRelaying();
      await notices.close();
      await handle.close();
    }
    await place?.drop();
  });

  it('tells every process once, the one that changed the points included, and echoes nothing back', async () => {
    const [first, second, third] = [await startProcess(), await startProcess(), await startProcess()];
    tellPointsChanged(first.handle.db, 7);
    await until(() => second.heard() === 1 && third.heard() === 1, 'the other two processes to hear');
    // Had a relay told on what it heard, each process would hear the change again and again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([first.heard(), second.heard(), third.heard()]).toEqual([1, 1, 1]);
  });

  it('has a process look again when notices may have been missed, and hear changes once it listens again', async () => {
    const teller = await startProcess();
    const listenersFromNow = await noticesConnectionsFromNow(place.url);
    const listener = await startProcess();
    // The listening connection is ended by the server, as a PostgreSQL restart or a failover would.
    await listenersFromNow.cut();
    await until(() => listener.heard() === 1, 'the listener to look again', 10_000);
    expect(teller.heard()).toBe(0);
    tellPointsChanged(teller.handle.db, 8);
    await until(() => listener.heard() === 2, 'a change told after the reconnect');
  });
});
