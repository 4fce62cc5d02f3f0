import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../db/test-database';
import { installWriteLog } from '../db/write-log.test-helper';
import { startTestApp } from '../test-app';
import { type Contract, readContracts, requestPlacement } from './contracts';
import { type Answer, type Credentials, callContract, requestFields } from './endpoint-caller.test-helper';
import { errorBodySchema } from './error-body';
import { brokenFields } from './field-breakers.test-helper';
import { arbitraryFor } from './schema-arbitrary.test-helper';

type Server = Awaited<ReturnType<typeof startTestApp>>;

/** Requests drawn from each contract's request schema, per engine. */
const GENERATED_REQUESTS = 12;
const TEN_MEGABYTES = 10 * 1024 * 1024;

/** Values no field should make the server fall over on. */
const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  2 ** 31,
  2 ** 53,
  1e308,
  -1e308,
  1.5,
  '',
  'x',
  'nul\u0000byte',
  // Reads "Invoice exe.png".
  'Invoice \u202Egnp.exe',
  '9'.repeat(400),
  '99999-01-01T00:00:00Z',
  '2024-02-30T25:61:00Z',
  '-271821-04-19T00:00:00Z',
  [],
  [null],
  {},
  'a'.repeat(100_000),
];

/** Values for the fields of objects inside lists. */
const NESTED_HOSTILE_VALUES: unknown[] = ['nul\u0000byte', 2 ** 31, -1, 'a'.repeat(10_000), null];

/** Whole bodies that are not the request at all. */
const HOSTILE_BODIES: { payload: string; contentType: string; what: string }[] = [
  { payload: 'null', contentType: 'application/json', what: 'null' },
  { payload: '[]', contentType: 'application/json', what: 'an array' },
  { payload: '"text"', contentType: 'application/json', what: 'a string' },
  { payload: '{', contentType: 'application/json', what: 'broken JSON' },
  {
    payload: `${'['.repeat(5000)}${']'.repeat(5000)}`,
    contentType: 'application/json',
    what: '5,000-deep JSON',
  },
  {
    payload: `{"a":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`,
    contentType: 'application/json',
    what: '5,000-deep objects',
  },
  { payload: '{"x":"\\u0000"}', contentType: 'application/json', what: 'a NUL character' },
  { payload: '{"__proto__":{"polluted":true}}', contentType: 'application/json', what: 'a __proto__ key' },
  {
    payload: `{"x":"${'a'.repeat(TEN_MEGABYTES + 1024)}"}`,
    contentType: 'application/json',
    what: 'a 10 MB string',
  },
  { payload: '', contentType: '', what: 'no body and no Content-Type' },
  { payload: 'plain words', contentType: 'text/plain', what: 'plain text' },
  { payload: '\u0089PNG not really', contentType: 'image/png', what: 'bytes that are not an image' },
];

/**
 * Every contract in schemas/api/, without naming any: requests drawn from its
 * request schema by fast-check, hostile values in each field and hostile
 * bodies, sent unauthenticated and as a member of another organisation. No
 * answer is a 5xx; every refusal has the documented error shape; every 2xx
 * matches the response schema; a refusal writes nothing; and the server
 * keeps answering. An endpoint added later is covered with no edit here.
 */
describeEachEngine('bad input to every endpoint on %s', (engine) => {
  let server: Server;
  let writes: () => Promise<Record<string, number>>;
  /** A member of an organisation with a little data, a signed-in user without one, and an API key. */
  const callers: { member: Credentials; loner: Credentials; machine: Credentials } = {
    member: {},
    loner: {},
    machine: {},
  };
  const ajv = addFormats(new Ajv({ strict: false, allErrors: true, allowUnionTypes: true }));
  const isErrorBody = ajv.compile(errorBodySchema);

  beforeAll(async () => {
    server = await startTestApp(engine);
    const other = await server.memberOfNewOrganisation('other@bad-input.test', 'Other organisation');
    const member = await server.memberOfNewOrganisation('member@bad-input.test', 'Member organisation');
    for (const owner of [other, member]) {
      const site = await server.api('addEntity', owner.token, {
        type: 'site',
        name: 'Site',
        timeZone: 'UTC',
      });
      await server.api('addDataPointsRef', owner.token, {
        dataPoints: [
          {
            entityId: site.body.entity.id,
            name: 'Meter',
            intent: 'electricity',
            unit: 'kWh',
            kind: 'cumulative',
          },
        ],
      });
    }
    const key = await server.api('restApi', member.token, { name: 'Gateway' });
    callers.member = { token: member.token };
    callers.loner = { token: await server.signedInUser('loner@bad-input.test') };
    callers.machine = { apiKey: key.body.secret };
    writes = await installWriteLog(server.db);
  }, 120_000);
  afterAll(async () => server?.close());

  /** The credentials an endpoint's rightful caller brings. */
  const rightful = (contract: Contract): Credentials =>
    contract.endpoint.auth === 'apiKey'
      ? callers.machine
      : contract.endpoint.auth === 'user'
        ? callers.loner
        : contract.endpoint.auth === 'member'
          ? callers.member
          : {};

  /**
   * The write counts as the last refusal left them, read right after it: the
   * counts before the next request, unless an answer since was a success
   * (which may write). Nothing else in this file writes between requests, and
   * reading the counts twice per request was a third of the file's queries.
   */
  let countsAfterRefusal: Record<string, number> | undefined;

  /** What must hold of any answer; a refusal must also have written nothing. */
  async function expectHonest(contract: Contract, what: string, send: () => Promise<Answer>) {
    const before = countsAfterRefusal ?? (await writes());
    countsAfterRefusal = undefined;
    const answer = await send();
    const context = `${contract.name} with ${what}: ${answer.status} ${answer.text.slice(0, 300)}`;
    expect(answer.status, context).toBeGreaterThanOrEqual(200);
    expect(answer.status, context).toBeLessThan(500);
    if (answer.status >= 400) {
      expect(isErrorBody(answer.body), context).toBe(true);
      const after = await writes();
      expect(changedTables(before, after), context).toEqual([]);
      countsAfterRefusal = after;
    } else {
      const isResponse = ajv.compile(contract.response);
      expect(isResponse(answer.body), `${context} ${ajv.errorsText(isResponse.errors)}`).toBe(true);
    }
    return answer;
  }

  for (const contract of readContracts()) {
    it(`${contract.name}: never a 5xx, refusals in the documented shape and writing nothing`, async () => {
      const base = fc.sample(arbitraryFor(contract.request), { numRuns: 1, seed: 42 })[0] as Record<
        string,
        unknown
      >;

      if (contract.endpoint.auth !== 'public') {
        for (const credentials of [{}, { token: 'not-a-token' }, { apiKey: 'not-a-key' }]) {
          const answer = await expectHonest(contract, 'no valid credentials', () =>
            callContract(server.app, contract, base, credentials),
          );
          expect(answer.status, `${contract.name} without credentials`).toBe(401);
        }
        // Checked before the body is read: whatever the body, a caller without credentials hears 401.
        for (const body of HOSTILE_BODIES) {
          const answer = await expectHonest(contract, `${body.what}, unauthenticated`, () =>
            callContract(server.app, contract, base, {}, body),
          );
          expect(answer.status, `${contract.name} with ${body.what}, unauthenticated`).toBe(401);
        }
      }

      await fc.assert(
        fc.asyncProperty(arbitraryFor(contract.request), async (request) => {
          await expectHonest(contract, `drawn request ${JSON.stringify(request).slice(0, 200)}`, () =>
            callContract(
              server.app,
              contract,
              request as Record<string, unknown>,
              rightful(contract),
              upload(contract),
            ),
          );
        }),
        { numRuns: GENERATED_REQUESTS, seed: 7, endOnFailure: true },
      );

      for (const field of requestFields(contract)) {
        for (const value of HOSTILE_VALUES) {
          await expectHonest(contract, `${field} = ${JSON.stringify(value)?.slice(0, 40)}`, () =>
            callContract(
              server.app,
              contract,
              { ...base, [field]: value },
              rightful(contract),
              upload(contract),
            ),
          );
        }
      }

      // Inside lists of objects too (a batch of readings, a list of data points), where a fast path may read them.
      for (const [field, item] of objectLists(base)) {
        for (const key of Object.keys(item)) {
          for (const value of NESTED_HOSTILE_VALUES) {
            const request = { ...base, [field]: [{ ...item, [key]: value }] };
            await expectHonest(contract, `${field}[0].${key} = ${JSON.stringify(value).slice(0, 40)}`, () =>
              callContract(server.app, contract, request, rightful(contract), upload(contract)),
            );
          }
        }
      }

      for (const body of HOSTILE_BODIES) {
        const answer = await expectHonest(contract, body.what, () =>
          callContract(server.app, contract, base, rightful(contract), body),
        );
        // A refused body says where: the field at fault, or "" for the body as a whole.
        if (answer.status === 400) {
          const { issues } = answer.body as { issues?: { pointer: string }[] };
          expect(
            issues?.length,
            `${contract.name} with ${body.what}: ${answer.text.slice(0, 300)}`,
          ).toBeGreaterThan(0);
        }
      }

      // Values no field can be stored with (an id past int4, a NUL, 5,000 levels) are the caller's mistake, said where.
      const jsonBody = requestPlacement(contract.endpoint) === 'body' && !contract.endpoint.upload;
      for (const broken of brokenFields(contract.request, base, { jsonBody })) {
        const what = `${broken.pointer} = ${broken.what}`;
        const answer = await expectHonest(contract, what, () =>
          callContract(
            server.app,
            contract,
            broken.request,
            rightful(contract),
            broken.payload ? { payload: broken.payload, contentType: 'application/json' } : upload(contract),
          ),
        );
        expect(answer.status, `${contract.name} with ${what}: ${answer.text.slice(0, 300)}`).toBe(400);
        expect(pointersOf(answer.body), `${contract.name} with ${what}`).toContainEqual(
          expect.stringMatching(new RegExp(`^${escaped(broken.pointer)}(/|$)`)),
        );
      }

      const alive = await server.app.inject({ method: 'GET', url: '/api/appConfig' });
      expect(alive.statusCode).toBe(200);
    }, 120_000);
  }
});

/** The JSON Pointers a refusal names in its `issues`. */
function pointersOf(body: unknown): string[] {
  const issues = (body as { issues?: { pointer: string }[] } | undefined)?.issues ?? [];
  return issues.map((issue) => issue.pointer);
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** An upload's body: a few bytes of the first type it takes. */
function upload(contract: Contract): { payload: Buffer; contentType: string } | undefined {
  const type = contract.endpoint.upload?.contentTypes[0];
  if (!type) return undefined;
  return { payload: Buffer.from('not really a file'), contentType: type.replace('*', 'png') };
}

/** Tables written between two counts, but for the API key's "last used" stamp, which every authenticated push sets. */
function changedTables(before: Record<string, number>, after: Record<string, number>): string[] {
  return Object.keys(after).filter((table) => table !== 'api_keys' && after[table] !== (before[table] ?? 0));
}

/** The request's fields that hold a list whose first item is an object, with that item. */
function objectLists(request: Record<string, unknown>): [string, Record<string, unknown>][] {
  return Object.entries(request).flatMap(([field, value]) => {
    const first = Array.isArray(value) ? value[0] : undefined;
    return first && typeof first === 'object' && !Array.isArray(first)
      ? [[field, first as Record<string, unknown>] as [string, Record<string, unknown>]]
      : [];
  });
}
