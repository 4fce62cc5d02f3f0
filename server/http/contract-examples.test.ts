import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { type Contract, readContracts, type Schema } from './contracts';
import { compileRequestValidator } from './request-validators';
import { API_VALIDATION } from './validation';

const contracts = readContracts();

/** Answers are not validated by the server, only serialized: held here to the same strict options. */
const responseAjv = addFormats(new Ajv({ ...API_VALIDATION.customOptions, useDefaults: false }));

function examplesOf(contract: Contract, part: 'request' | 'response'): unknown[] {
  const { examples } = contract[part];
  return Array.isArray(examples) ? examples : [];
}

/**
 * The JSON a client receives when a handler returns `value`: the answer goes
 * through Fastify's serializer compiled from the response schema, as every
 * route's does, which drops fields the schema does not name.
 */
async function asSerialized(response: Schema, value: unknown): Promise<unknown> {
  const app = Fastify();
  app.post('/', { schema: { response: { 200: response } } }, async () => value);
  const answer = await app.inject({ method: 'POST', url: '/' });
  await app.close();
  return answer.json();
}

/**
 * The gallery, widget tests and /api/docs show each contract's examples as
 * what the server takes and answers: every one must be a request the server
 * accepts and an answer it could send, unchanged by its serializer.
 */
describe('contract examples', () => {
  for (const contract of contracts) {
    describe(contract.name, () => {
      it('has a request example the server accepts', () => {
        const examples = examplesOf(contract, 'request');
        expect(examples.length, `${contract.name}: definitions.request.examples`).toBeGreaterThan(0);
        const validate = compileRequestValidator({ schema: contract.request, httpPart: 'body' });
        examples.forEach((example, index) => {
          const valid = validate(structuredClone(example));
          expect(valid, `request example ${index}: ${responseAjv.errorsText(validate.errors)}`).toBe(true);
        });
      });

      it('has a response example the server could send, unchanged by its serializer', async () => {
        const examples = examplesOf(contract, 'response');
        expect(examples.length, `${contract.name}: definitions.response.examples`).toBeGreaterThan(0);
        const validate = responseAjv.compile(contract.response);
        for (const [index, example] of examples.entries()) {
          const valid = validate(example);
          expect(valid, `response example ${index}: ${responseAjv.errorsText(validate.errors)}`).toBe(true);
          expect(await asSerialized(contract.response, example), `response example ${index}`).toEqual(
            example,
          );
        }
      });
    });
  }
});
