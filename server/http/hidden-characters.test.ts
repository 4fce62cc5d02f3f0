import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../db/test-database';
import { startTestApp } from '../test-app';

type Server = Awaited<ReturnType<typeof startTestApp>>;

/**
 * Text that reads otherwise than it is stored is refused wherever a request
 * carries text, at the field that holds it, and nothing is stored; the
 * characters that scripts and emoji need pass.
 */
describeEachEngine('invisible characters that hide what text says on %s', (engine) => {
  let server: Server;
  let member: Awaited<ReturnType<Server['memberOfNewOrganisation']>>;
  beforeAll(async () => {
    server = await startTestApp(engine);
    member = await server.memberOfNewOrganisation('hidden@example.test', 'Hidden characters');
  }, 60_000);
  afterAll(async () => server?.close());

  const sites = async () =>
    (
      await server.db
        .selectFrom('entities')
        .select('name')
        .where('organisation_id', '=', member.organisationId)
        .execute()
    ).map((row) => row.name);

  it('refuses a name with a right-to-left override, which shows "Invoice exe.png" for "Invoice gnp.exe", naming the field and the character', async () => {
    const answer = await server.api('addEntity', member.token, {
      type: 'site',
      name: 'Invoice \u202Egnp.exe\u202C',
      timeZone: 'UTC',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual([
      {
        pointer: '/name',
        message: expect.stringMatching(
          /^must not contain U\+202E \(RIGHT-TO-LEFT OVERRIDE\), an invisible character/,
        ),
      },
    ]);
    expect(await sites()).toEqual([]);
  });

  it('refuses a zero-width space, which makes a second "Main meter" that looks like the first', async () => {
    const answer = await server.api('addEntity', member.token, {
      type: 'site',
      name: 'Main\u200Bmeter',
      timeZone: 'UTC',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.issues[0].message).toMatch(/^must not contain U\+200B \(ZERO WIDTH SPACE\)/);
  });

  it('takes the joiners and direction marks that scripts and emoji need', async () => {
    const names = ['Family 👨\u200D👩\u200D👧', 'می\u200Cخواهم', 'בניין 3\u200F'];
    for (const name of names) {
      const answer = await server.api('addEntity', member.token, { type: 'site', name, timeZone: 'UTC' });
      expect(answer.status, name).toBe(200);
    }
    expect((await sites()).sort()).toEqual([...names].sort());
  });
});
