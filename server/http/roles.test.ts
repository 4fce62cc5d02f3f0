import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLES, roleAllows } from '../../src/auth/roles';
import type { Role } from '../../src/generated/api-types';
import { describeEachEngine } from '../db/test-database';
import { startTestApp } from '../test-app';
import { type Contract, readContracts } from './contracts';
import {
  type Answer,
  type Credentials,
  callContract,
  everyAddress,
  plausibleUpload,
} from './endpoint-caller.test-helper';
import { annotatedRequest } from './owned-ids.test-helper';
import { type IdOf, plausibleRequest } from './plausible-request.test-helper';

type Server = Awaited<ReturnType<typeof startTestApp>>;

/** What requireMember's check answers a signed-in user who belongs to no organisation (server/http/api-error.ts). */
const NO_ORGANISATION = { message: 'You do not have access to this organisation.' };

/**
 * Who may call each endpoint, for every contract and each of its addresses,
 * without naming one: a `member` endpoint refuses a signed-in user without an
 * organisation with 403, a `user` endpoint admits them, an `apiKey` endpoint
 * refuses a person's token and a revoked key with 401 and admits a live key,
 * and a `public` endpoint answers with no credentials at all. That every
 * endpoint but the public ones answers 401 without credentials is checked,
 * with hostile bodies too, in bad-input.test.ts.
 */
describeEachEngine('who may call each endpoint on %s', (engine) => {
  let server: Server;
  let memberToken: string;
  /** A member of the same organisation in each role. */
  const inRole = {} as Record<Role, { token: string; userId: string }>;
  let loner: { token: string; userId: string };
  const keys = { live: '', revoked: '' };
  let lonersMade = 0;

  beforeAll(async () => {
    server = await startTestApp(engine);
    const member = await server.memberOfNewOrganisation('member@roles.test', 'Roles organisation');
    memberToken = member.token;
    keys.live = (await server.api('restApi', member.token, { name: 'Live key' })).body.secret;
    const revoked = (await server.api('restApi', member.token, { name: 'Revoked key' })).body;
    keys.revoked = revoked.secret;
    const revoking = await server.app.inject({
      method: 'DELETE',
      url: `/api/restApi/${revoked.apiKey.id}`,
      headers: { authorization: `Bearer ${member.token}` },
    });
    if (revoking.statusCode !== 200) throw new Error(`setting up, revoking answered ${revoking.body}`);
    loner = await newLoner();
    for (const role of ROLES) {
      const { token, userId } = await newLoner();
      await server.db
        .updateTable('users')
        .set({ organisation_id: member.organisationId, role })
        .where('id', '=', userId)
        .execute();
      inRole[role] = { token, userId };
    }
  }, 120_000);
  afterAll(async () => server?.close());

  /** A signed-in user who belongs to no organisation. */
  async function newLoner(): Promise<{ token: string; userId: string }> {
    const email = `loner-${++lonersMade}@roles.test`;
    const token = await server.signedInUser(email);
    const user = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return { token, userId: user.id };
  }

  /** The contract's plausible request, naming the caller as its user and ids that are theirs if anyone's. */
  function send(contract: Contract, credentials: Credentials, userId?: string): Promise<Answer> {
    const idOf: IdOf = (owned) => (owned.record === 'user' && userId ? userId : 1);
    const request = plausibleRequest(annotatedRequest(contract), idOf);
    return callContract(server.app, contract, request, credentials, plausibleUpload(contract));
  }

  for (const contract of readContracts().flatMap(everyAddress)) {
    const where = `${contract.name} (${contract.endpoint.method} /api${contract.endpoint.path})`;
    switch (contract.endpoint.auth) {
      case 'member':
        it(`${where} refuses a signed-in user without an organisation with 403`, async () => {
          const answer = await send(contract, { token: loner.token }, loner.userId);
          expect({ status: answer.status, body: answer.body }, answer.text).toEqual({
            status: 403,
            body: NO_ORGANISATION,
          });
        });
        it(`${where} admits ${contract.endpoint.role} and higher roles, and refuses lower ones with 403`, async () => {
          const required = contract.endpoint.role as Role;
          for (const role of ROLES) {
            const { token, userId } = inRole[role];
            const answer = await send(contract, { token }, userId);
            if (roleAllows(role, required)) expectAdmitted(answer);
            else {
              expect({ role, status: answer.status, body: answer.body }, answer.text).toEqual({
                role,
                status: 403,
                body: {
                  message: `Your role (${role}) does not allow this; it needs ${required} or higher. An admin of your organisation can change your role.`,
                },
              });
            }
          }
        });
        break;
      case 'user':
        it(`${where} admits a signed-in user without an organisation`, async () => {
          // A user of their own: addOrganisation would make the shared one a member.
          const user = await newLoner();
          const answer = await send(contract, { token: user.token }, user.userId);
          expectAdmitted(answer);
        });
        break;
      case 'apiKey':
        it(`${where} refuses a person's token and a revoked key with 401, and admits a live key`, async () => {
          const byPerson = await send(contract, { token: memberToken });
          expect(byPerson.status, byPerson.text).toBe(401);
          expect(byPerson.body, byPerson.text).toEqual({
            message: expect.stringMatching(/^Send an API key/),
          });
          const byRevokedKey = await send(contract, { apiKey: keys.revoked });
          expect(byRevokedKey.status, byRevokedKey.text).toBe(401);
          expect(byRevokedKey.body, byRevokedKey.text).toEqual({
            message: expect.stringMatching(/^This API key was revoked on /),
          });
          expectAdmitted(await send(contract, { apiKey: keys.live }));
        });
        break;
      case 'public':
        it(`${where} answers without credentials`, async () => {
          expectAdmitted(await send(contract, {}));
        });
        break;
    }
  }
});

/** Past the caller check: neither 401 nor 403, and no server error. */
function expectAdmitted(answer: Answer): void {
  expect([401, 403], answer.text).not.toContain(answer.status);
  expect(answer.status, answer.text).toBeLessThan(500);
}
