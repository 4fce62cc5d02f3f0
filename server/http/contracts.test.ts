import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts as generatedBindings } from '../../src/generated/api-contracts';
import { startTestApp } from '../test-app';
import { documentedStatuses, readContracts, requestPlacement } from './contracts';
import { handlerFiles, loadHandlers } from './find-handlers';

type Server = Awaited<ReturnType<typeof startTestApp>>;

const contracts = readContracts();

describe('one contract per endpoint, one handler per contract', () => {
  it('has a handler file for every contract, and a contract for every handler file', async () => {
    const contractNames = contracts.map((contract) => contract.name).sort();
    const handlerNames = handlerFiles()
      .map((file) => file.split('/').pop()?.replace(/\.ts$/, ''))
      .sort();
    expect(handlerNames).toEqual(contractNames);
    // Each file default-exports the handler of the contract it is named after (loadHandlers checks and throws).
    expect((await loadHandlers()).map((handler) => handler.name).sort()).toEqual(contractNames);
  });

  it('keeps the generated bindings the browser and the route types use in step with the contracts', () => {
    expect(Object.keys(generatedBindings).sort()).toEqual(contracts.map((contract) => contract.name).sort());
    for (const { name, endpoint } of contracts) {
      expect(generatedBindings[name as keyof typeof generatedBindings], name).toEqual({
        method: endpoint.method,
        path: endpoint.path,
        auth: endpoint.auth,
        ...(endpoint.role ? { role: endpoint.role } : {}),
        ...(endpoint.feature ? { feature: endpoint.feature } : {}),
        upload: Boolean(endpoint.upload),
        ...(endpoint.stream ? { stream: true } : {}),
      });
    }
  });

  it('gives no two contracts the same method and path', () => {
    const addresses = contracts.flatMap(({ endpoint }) => [
      `${endpoint.method} ${endpoint.path}`,
      ...(endpoint.aliases ?? []),
    ]);
    expect(addresses.length).toBe(new Set(addresses).size);
  });
});

describe('the running API', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestApp('pglite');
  }, 60_000);
  afterAll(async () => server?.close());

  it('answers every contract at its method and path, aliases included', () => {
    for (const { name, endpoint } of contracts) {
      for (const address of [`${endpoint.method} ${endpoint.path}`, ...(endpoint.aliases ?? [])]) {
        const [method, path] = address.split(' ') as [string, string];
        expect(
          server.app.hasRoute({ method: method as 'GET', url: `/api${path}` }),
          `${name}: ${address}`,
        ).toBe(true);
      }
    }
  });

  it('publishes a valid OpenAPI document at /api/docs/json that lists every contract', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    // SwaggerParser.validate checks the document against the OpenAPI schema and resolves every $ref.
    await SwaggerParser.validate(structuredClone(document));
    const operations = Object.values(
      document.paths as Record<string, Record<string, { operationId: string }>>,
    )
      .flatMap((methods) => Object.values(methods))
      .map((operation) => operation.operationId);
    for (const { name } of contracts) expect(operations, name).toContain(name);
  });

  it("names in /api/docs every status each endpoint answers: its kind's refusals and its own, with when", async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
    };
    for (const { name, endpoint } of contracts) {
      const operation =
        document.paths[`/api${endpoint.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`]?.[
          endpoint.method.toLowerCase()
        ];
      expect(Object.keys(operation?.responses ?? {}).sort(), name).toEqual(
        documentedStatuses(endpoint).sort(),
      );
    }
    // One's own: another person's profile is refused, and the document says so.
    expect(document.paths['/api/profile']?.put?.responses['403']?.description).toMatch(/own profile/);
  });

  it("shows each contract's examples in /api/docs: the answer's, and the body's where there is one", async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    type Operation = {
      operationId: string;
      requestBody?: { content: Record<string, { schema: { examples?: unknown[] } }> };
      responses: Record<string, { content: Record<string, { schema: { examples?: unknown[] } }> }>;
    };
    const operations = Object.values(document.paths as Record<string, Record<string, Operation>>).flatMap(
      (methods) => Object.values(methods),
    );
    for (const { name, request, response, endpoint } of contracts) {
      const operation = operations.find((candidate) => candidate.operationId === name);
      // A stream's events are described as its answer's content (x-endpoint.stream).
      const answerType = endpoint.stream ? 'text/event-stream' : 'application/json';
      const answer = operation?.responses['200']?.content[answerType]?.schema;
      expect(answer?.examples, `${name}: response examples`).toEqual(response.examples);
      if (requestPlacement(endpoint) === 'body' && !endpoint.upload) {
        const body = operation?.requestBody?.content['application/json']?.schema;
        expect(body?.examples, `${name}: request examples`).toEqual(request.examples);
      }
    }
  });

  it('refuses an unauthenticated 50 MB body with 401 before reading it', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const fiftyMegabytes = 50 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const answer = await new Promise<{ status: number; body: string; sentBytes: number }>(
      (resolve, reject) => {
        let sentBytes = 0;
        const request = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/addEntity',
            headers: { 'content-type': 'application/json', 'content-length': fiftyMegabytes },
          },
          (response) => {
            let body = '';
            response.on('data', (data) => {
              body += data;
            });
            response.on('end', () => {
              resolve({ status: response.statusCode ?? 0, body, sentBytes });
              request.destroy();
            });
          },
        );
        request.on('error', (error) => (sentBytes > 0 ? undefined : reject(error)));
        // Only the first 64 kB is ever sent: the answer must come without the rest.
        request.write(chunk, () => {
          sentBytes += chunk.length;
        });
      },
    );
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body).message).toBe('Sign in to continue.');
    expect(answer.sentBytes).toBeLessThan(fiftyMegabytes);
  });
});
