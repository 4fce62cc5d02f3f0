import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithService } from '../test-services.test-helper';
import { until } from '../until.test-helper';
import { noticesConnectionsFromNow } from './cut-notices.test-helper';
import { listenForNotices } from './postgres-notices';
import type { ProcessNotices } from './process-notices';
import { createTestSchema } from './test-database';

/** What a process heard, in order. */
function heardBy(notices: ProcessNotices, topic: string): (number | string)[][] {
  const heard: (number | string)[][] = [];
  notices.hear(topic, (ids) => heard.push(ids));
  return heard;
}

// Several processes share PostgreSQL only; PGlite is one process's.
describeWithService('TEST_DATABASE_URL', 'notices between server processes on postgres', () => {
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let other: Awaited<ReturnType<typeof createTestSchema>>;
  const opened: ProcessNotices[] = [];
  const open = async (url: string) => {
    const notices = await listenForNotices(url);
    opened.push(notices);
    return notices;
  };

  beforeAll(async () => {
    schema = await createTestSchema();
    other = await createTestSchema();
  });
  afterAll(async () => {
    for (const notices of opened) await notices.close();
    await schema?.drop();
    await other?.drop();
  });

  it("tells the other processes on the schema, not itself, nor another schema's", async () => {
    const [first, second, third, elsewhere] = await Promise.all([
      open(schema.url),
      open(schema.url),
      open(schema.url),
      open(other.url),
    ]);
    const heard = [first, second, third, elsewhere].map((notices) => heardBy(notices, 'readings'));
    first?.tell('readings', [1, 2, 3]);
    second?.tell('readings', ['a-user']);
    await until(() => (heard[2]?.length ?? 0) === 2, 'the third process to hear both');
    await until(() => heard[0]?.length === 1 && heard[1]?.length === 1, 'the first two to hear the other');
    expect(heard[0]).toEqual([['a-user']]);
    expect(heard[1]).toEqual([[1, 2, 3]]);
    expect(heard[2]).toEqual(expect.arrayContaining([[1, 2, 3], ['a-user']]));
    // A test's own schema is a database of its own: another's processes hear nothing of it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard[3]).toEqual([]);
  });

  it('tells thousands of ids, in notices PostgreSQL accepts', async () => {
    const [teller, listener] = await Promise.all([open(schema.url), open(schema.url)]);
    const heard = heardBy(listener as ProcessNotices, 'readings');
    const ids = Array.from({ length: 5_000 }, (_, index) => index + 1);
    teller?.tell('readings', ids);
    await until(() => heard.flat().length === ids.length, 'every id to arrive');
    expect(heard.flat().sort((a, b) => Number(a) - Number(b))).toEqual(ids);
  });

  it('listens again after its connection is cut, and says that notices were missed', async () => {
    const teller = await open(schema.url);
    const listenersFromNow = await noticesConnectionsFromNow(schema.url);
    const listener = await open(schema.url);
    const heard = heardBy(listener, 'readings');
    let missed = 0;
    listener.onMissed(() => missed++);
    // The listening connection is ended by the server, as a PostgreSQL restart or a failover would.
    await listenersFromNow.cut();
    await until(() => missed === 1, 'the listener to say it missed notices', 10_000);
    teller.tell('readings', [42]);
    await until(() => heard.length === 1, 'a notice after the reconnect');
    expect(heard).toEqual([[42]]);
  });
});
