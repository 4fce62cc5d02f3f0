import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { type HttpHandler, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { loadedContracts, requestPlacement } from '../../server/http/contracts';
import { API_VALIDATION } from '../../server/http/validation';
import type { EndpointName, Endpoints } from '../../src/generated/api-contracts';
import { endpointOf, pathParameters, requestFields } from './endpoint-routes';

/** One request a widget made, as the endpoint's handler would receive it. */
export interface ApiCall<N extends EndpointName = EndpointName> {
  endpoint: N;
  method: string;
  request: Endpoints[N]['request'];
}

/**
 * The API for widget tests in happy-dom: MSW answering fetch with the typed
 * handlers a test gives (tests/api/answers.ts). A request no handler answers
 * fails the test, and a request its contract would refuse is answered 400 as
 * the server would, so a client drifting from the server fails here too.
 */
export const apiServer = setupServer();
const calls: ApiCall[] = [];
/** What went wrong outside the widget's sight this test: requests nobody answered, answers off-contract. */
const strayings: string[] = [];

apiServer.events.on('request:unhandled', ({ request }) => {
  strayings.push(`${request.method} ${new URL(request.url).pathname} was answered by no handler of the test`);
});

// A test's answer is typed by its contract, but a spread or a cast can still slip a field past the
// type checker; checked here against the response schema as the server's serializer would hold it.
apiServer.events.on('response:mocked', async ({ request, response }) => {
  const endpoint = endpointOf(request.method, request.url);
  if (!endpoint || !response.ok) return;
  const validate = responseValidator(endpoint);
  if (!validate(await response.clone().json())) {
    const issues = (validate.errors ?? [])
      .map((error) => `${error.instancePath} ${error.message}`)
      .join('; ');
    strayings.push(`the test's answer to ${endpoint} does not match its contract: ${issues}`);
  }
});

apiServer.events.on('request:start', async ({ request }) => {
  const endpoint = endpointOf(request.method, request.url);
  if (!endpoint) return;
  const fields = await serverFields(endpoint, request.clone());
  calls.push({ endpoint, method: request.method, request: fields });
});

/** This test's answers; returns the calls made, which the test may read once the widget has acted. */
export function useApi(...handlers: HttpHandler[]): ApiCall[] {
  // MSW puts the handlers given first in line, in the order given: the contract check before the answers.
  apiServer.use(contractCheck, ...handlers);
  return calls;
}

/** The calls made to one endpoint, typed by its contract. */
export function callsTo<N extends EndpointName>(all: ApiCall[], endpoint: N): ApiCall<N>[] {
  return all.filter((call): call is ApiCall<N> => call.endpoint === endpoint);
}

/**
 * Between tests: no answers, no calls. Returns what strayed during the test
 * (a request no handler answered, an answer off its contract), for the test to fail on.
 */
export function resetApi(): string[] {
  apiServer.resetHandlers();
  calls.length = 0;
  return strayings.splice(0);
}

/** First in line for every /api request: a request its contract refuses never reaches the test's answer. */
const contractCheck = http.all('*/api/*', async ({ request }) => {
  const endpoint = endpointOf(request.method, request.url);
  if (!endpoint)
    return HttpResponse.json(
      { message: `No endpoint answers ${request.method} ${request.url}.` },
      { status: 404 },
    );
  const validate = requestValidator(endpoint);
  if (validate(await serverFields(endpoint, request.clone()))) return undefined;
  const issues = (validate.errors ?? []).map((error) => ({
    pointer: error.instancePath,
    message: error.message ?? '',
  }));
  return HttpResponse.json(
    { message: `The request does not match the ${endpoint} contract.`, issues },
    { status: 400 },
  );
});

const contracts = new Map(loadedContracts().map((contract) => [contract.name, contract]));
const strict = addFormats(new Ajv({ ...API_VALIDATION.customOptions }));
const fromText = addFormats(new Ajv({ ...API_VALIDATION.customOptions, coerceTypes: true }));
const validators = new Map<string, ValidateFunction>();
const responseValidators = new Map<string, ValidateFunction>();

/** The contract's response schema, strictly: what the server would send. */
function responseValidator(endpoint: EndpointName): ValidateFunction {
  const known = responseValidators.get(endpoint);
  if (known) return known;
  const validate = strict.compile(contractOf(endpoint).response);
  responseValidators.set(endpoint, validate);
  return validate;
}

/**
 * A request's fields as the server reads them: fields in the address arrive as text, and the server reads
 * them as the contract types them (an id as a number), in the query string and in the path of a request
 * with a JSON body alike; the body itself is taken as sent. The validators coerce in place.
 */
async function serverFields(endpoint: EndpointName, request: Request): Promise<Record<string, unknown>> {
  const fields = await requestFields(endpoint, request);
  if (requestPlacement(contractOf(endpoint).endpoint) === 'query') requestValidator(endpoint)(fields);
  else pathValidator(endpoint)(fields);
  return fields;
}

const pathValidators = new Map<string, ValidateFunction>();

/** Reads the path parameters of an endpoint with a JSON body from text, leaving the body's fields alone. */
function pathValidator(endpoint: EndpointName): ValidateFunction {
  const known = pathValidators.get(endpoint);
  if (known) return known;
  const properties =
    (contractOf(endpoint).request as { properties?: Record<string, unknown> }).properties ?? {};
  const inPath = Object.fromEntries(
    pathParameters(endpoint).flatMap((name) => (properties[name] ? [[name, properties[name]]] : [])),
  );
  const validate = fromText.compile({ type: 'object', properties: inPath });
  pathValidators.set(endpoint, validate);
  return validate;
}

/** The server's own reading of a request: strict for a JSON body, numbers read from text in the address. */
function requestValidator(endpoint: EndpointName): ValidateFunction {
  const known = validators.get(endpoint);
  if (known) return known;
  const contract = contractOf(endpoint);
  const ajv = requestPlacement(contract.endpoint) === 'body' ? strict : fromText;
  const validate = ajv.compile(contract.request);
  validators.set(endpoint, validate);
  return validate;
}

function contractOf(endpoint: EndpointName) {
  const contract = contracts.get(endpoint);
  if (!contract) throw new Error(`no contract is named ${endpoint}`);
  return contract;
}
