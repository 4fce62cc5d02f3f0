import { afterAll, beforeAll, expect, it } from 'vitest';
import { organisationRows } from './db/organisation-rows.test-helper';
import { describeEachEngine } from './db/test-database';
import { installWriteLog } from './db/write-log.test-helper';
import { type Contract, loadedContracts } from './http/contracts';
import { type Answer, callContract, everyAddress, plausibleUpload } from './http/endpoint-caller.test-helper';
import {
  annotatedRequest,
  type OwnedLocation,
  ownedLocations,
  unannotatedIdFields,
} from './http/owned-ids.test-helper';
import { type IdOf, plausibleRequest } from './http/plausible-request.test-helper';
import { type TwoOrganisations, twoOrganisations } from './tenant-fixtures.test-helper';

/**
 * Naming an organisation or a user is naming the caller: another one's is a
 * right the caller lacks (403), with the sentence the request's handler gives
 * (requireMember's for an organisation; the profile, settings and invitation
 * handlers each say what only the caller may do).
 */
const NAMES_THE_CALLER: Record<string, RegExp> = {
  organisation: /^You do not have access to this organisation\.$/,
  user: /^(You can only|An invitation can only be accepted by the person signed in)/,
};
/** The one answer to a record id that is missing or another organisation's (server/http/owned-or-not-found.ts). */
const NOT_IN_YOUR_ORGANISATION = /^There is no .+ in your organisation\.$/;

/** Every endpoint a signed-in person calls, at each address it answers (aliases too), read from the contracts. */
const signedIn = loadedContracts()
  .filter((contract) => contract.endpoint.auth === 'user' || contract.endpoint.auth === 'member')
  .flatMap(everyAddress);

/**
 * Generated from the contracts, with no endpoint named here: for every
 * signed-in endpoint, member B of organisation B names each of A's records
 * where the contract's "x-owned" says the request names one, one place at a
 * time, and hears exactly 404 "There is no ... in your organisation." (403 for
 * an organisation or user id), sees none of A's data, and writes nothing. An
 * endpoint naming no owned record is called as B and must show none of A's
 * data. A's rows are the same at the end.
 */
describeEachEngine('tenant isolation on %s', (engine) => {
  let world: TwoOrganisations;
  let writes: () => Promise<Record<string, number>>;
  let aRowsBefore: Record<string, string[]>;

  beforeAll(async () => {
    world = await twoOrganisations(engine);
    writes = await installWriteLog(world.server.db);
    aRowsBefore = await organisationRows(world.server.db, world.a.organisationId);
  }, 120_000);
  afterAll(async () => world?.server.close());

  /** B's own record where the request names one beside the place under test. */
  const bOwn: IdOf = (owned) => {
    const id = world.own[owned.record];
    if (id === undefined) throw new Error(`tenant-fixtures.test-helper.ts gives B no ${owned.record}`);
    return id;
  };

  async function asB(contract: Contract, request: Record<string, unknown>): Promise<Answer> {
    return callContract(
      world.server.app,
      contract,
      request,
      { token: world.b.token },
      plausibleUpload(contract),
    );
  }

  function expectNothingOfA(answer: Answer, context: string): void {
    for (const secret of world.aSecrets) expect(answer.text, context).not.toContain(secret);
  }

  for (const contract of signedIn) {
    const where = `${contract.name} (${contract.endpoint.method} /api${contract.endpoint.path})`;
    const locations = ownedLocations(contract);
    const refused = locations.filter((location) => !location.owned.filter);

    for (const location of refused) {
      it(`${where} refuses A's ${location.owned.record} at ${location.pointer}`, async () => {
        const tried = world.foreign[location.owned.record];
        if (!tried) throw new Error(`tenant-fixtures.test-helper.ts gives A no ${location.owned.record}`);
        for (const aId of tried) {
          const request = plausibleRequest(annotatedRequest(contract), bOwn, {
            path: location.path,
            idOf: () => aId,
          });
          const before = await writes();
          const answer = await asB(contract, request);
          const context = `${where} with ${JSON.stringify(request)}: ${answer.status} ${answer.text}`;
          expectRefusal(answer, location, aId, context);
          expectNothingOfA(answer, context);
          expect(changedTables(before, await writes()), context).toEqual([]);
        }
      });
    }

    for (const location of locations.filter((place) => place.owned.filter)) {
      it(`${where} keeps A's ${location.owned.record} out of its answer when filtered by it`, async () => {
        for (const aId of world.foreign[location.owned.record] ?? []) {
          const request = plausibleRequest(annotatedRequest(contract), bOwn, {
            path: location.path,
            idOf: () => aId,
          });
          const answer = await asB(contract, request);
          const context = `${where} with ${JSON.stringify(request)}: ${answer.status} ${answer.text}`;
          expect(answer.status, context).toBe(200);
          expectNothingOfA(answer, context);
        }
      });
    }

    if (refused.length === 0) {
      it(`${where} names no record of another organisation and answers B with none of A's data`, async () => {
        const request = plausibleRequest(annotatedRequest(contract), bOwn);
        const answer = await asB(contract, request);
        const context = `${where} with ${JSON.stringify(request)}: ${answer.status} ${answer.text}`;
        expect(answer.status, context).toBeLessThan(500);
        expect([401, 403], context).not.toContain(answer.status);
        if (answer.status === 404) expect(messageOf(answer), context).toMatch(NOT_IN_YOUR_ORGANISATION);
        expectNothingOfA(answer, context);
      });
    }
  }

  it('has every field that reads as an id say whose record it names ("x-owned" in the contract)', () => {
    const missing = loadedContracts().flatMap((contract) =>
      unannotatedIdFields(contract).map((pointer) => `${contract.name}: ${pointer}`),
    );
    expect(missing).toEqual([]);
  });

  it('serves no route under /api that no contract describes', () => {
    const described = new Set(
      loadedContracts()
        .flatMap(everyAddress)
        .map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`),
    );
    const routes = world.server.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .flatMap((line) => {
        const match = /(\/api\/\S+) \(([^)]+)\)/.exec(line);
        if (!match?.[1] || match[1].startsWith('/api/docs')) return [];
        const path = match[1].slice('/api'.length);
        return (match[2] ?? '')
          .split(', ')
          .filter((method) => method !== 'HEAD')
          .map((method) => `${method} ${path}`);
      });
    expect(routes.filter((route) => !described.has(route))).toEqual([]);
  });

  // Last: after every attempt above.
  it('leaves every row of organisation A as it was', async () => {
    expect(await organisationRows(world.server.db, world.a.organisationId)).toEqual(aRowsBefore);
  });
});

/** The answer B must hear for A's id at this place: 403 for an organisation or user, else 404 naming the id. */
function expectRefusal(answer: Answer, location: OwnedLocation, aId: number | string, context: string): void {
  const callerRefusal = NAMES_THE_CALLER[location.owned.record];
  if (callerRefusal) {
    expect(answer.status, context).toBe(403);
    expect(messageOf(answer), context).toMatch(callerRefusal);
    return;
  }
  expect(answer.status, context).toBe(404);
  expect(messageOf(answer), context).toMatch(NOT_IN_YOUR_ORGANISATION);
  expect(namesId(messageOf(answer) ?? '', aId), context).toBe(true);
}

/** Whether a message names this id, not merely digits of it ("data point 1" is not "data point 12"). */
function namesId(message: string, id: number | string): boolean {
  return message.split(/[^0-9A-Za-z-]+/).includes(String(id));
}

function messageOf(answer: Answer): string | undefined {
  const body = answer.body as { message?: unknown } | undefined;
  return typeof body?.message === 'string' ? body.message : undefined;
}

/** Tables written between two counts of the write log. */
function changedTables(before: Record<string, number>, after: Record<string, number>): string[] {
  return Object.keys(after).filter((table) => after[table] !== (before[table] ?? 0));
}
