import { ApiFailure } from './api-failure';
import { currentPrintCredential } from './print-credential';
import { hasStoredSession } from './stored-session';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** An endpoint's binding as src/generated/api-contracts.ts gives it. */
export interface EndpointBinding {
  method: Method;
  path: string;
  /** Who may call it; a public endpoint's request goes without the token (see callEndpoint). */
  auth: 'public' | 'apiKey' | 'user' | 'member';
  upload: boolean;
}

/** Who to tell when the API says the session is no good: the session logs out (spec §4, §8). */
let onUnauthorised: () => void = () => {};
export function whenUnauthorised(handler: () => void): void {
  onUnauthorised = handler;
}

/** Requests on their way, so that signing out can drop them (see abortApiRequests). */
const inFlight = new Set<AbortController>();

/**
 * Drops every request on its way: their answers belong to a session that is
 * ending, and one the server reads after the tokens are revoked would answer
 * 401 to nobody.
 */
export function abortApiRequests(): void {
  for (const request of inFlight) request.abort();
}

/**
 * aws-amplify's auth API once fetched, kept at hand: an import() resolves a
 * task later even for a module already there, and every request would wait.
 */
let amplifyAuth: typeof import('aws-amplify/auth') | undefined;

/**
 * The signed-in user's ID token, refreshed by Amplify when it is near expiry;
 * none, and Amplify left unloaded, while the browser holds no session. On a
 * report's print page, the print credential.
 */
export async function currentToken(): Promise<string | undefined> {
  // A report's print page reads as the renderer's credential, whoever may have signed in on this browser.
  const print = currentPrintCredential();
  if (print) return print;
  if (!hasStoredSession()) return undefined;
  amplifyAuth ??= await import('aws-amplify/auth');
  const session = await amplifyAuth.fetchAuthSession();
  return session.tokens?.idToken?.toString();
}

/**
 * Calls /api/<path> as the spec describes (§7): the token in the
 * Authorization header, JSON in and out. 401 or 403 logs out; any other
 * failure throws the parsed body; a network failure is logged and rethrown.
 */
export async function apiRequest<T>(
  path: string,
  body?: unknown,
  method: Method = 'POST',
  { signedIn = true }: { signedIn?: boolean } = {},
): Promise<T> {
  const token = signedIn ? await currentToken().catch(() => undefined) : undefined;
  const request = new AbortController();
  inFlight.add(request);
  try {
    return await answerOf<T>(await send(path, body, method, token, request.signal), request.signal);
  } finally {
    inFlight.delete(request);
  }
}

async function send(
  path: string,
  body: unknown,
  method: Method,
  token: string | undefined,
  signal: AbortSignal,
): Promise<Response> {
  try {
    return await fetch(`/api/${path}`, {
      method,
      signal,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body instanceof Blob
          ? { 'content-type': body.type }
          : body === undefined
            ? {}
            : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: body instanceof Blob ? body : JSON.stringify(body) }),
    });
  } catch (error) {
    // A request dropped on signing out was not lost: nobody waits for it.
    if (!signal.aborted) console.error(`API ${path}: the server could not be reached`, error);
    throw error;
  }
}

/** The answer's JSON, or the failure it reports; 401 and 403 log out. */
async function answerOf<T>(response: Response, signal: AbortSignal): Promise<T> {
  const parsed = await response.json().catch(() => undefined);
  // Dropped while its body was read: no half-read answer passes for an empty one.
  signal.throwIfAborted();
  if (response.status === 401 || response.status === 403) {
    onUnauthorised();
    throw new ApiFailure(response.status, parsed);
  }
  if (!response.ok) throw new ApiFailure(response.status, parsed);
  // The spec's client reads an empty answer as an empty list.
  return (parsed ?? []) as T;
}

/**
 * Calls one endpoint as its contract binds it: `:name` path parameters are
 * filled from the request, the rest travels as the query string (GET, DELETE,
 * uploads, whose body is the file) or as the JSON body (POST, PUT).
 */
export function callEndpoint<T>(binding: EndpointBinding, request: object, file?: Blob): Promise<T> {
  const fields: Record<string, unknown> = { ...request };
  const path = binding.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = fields[name];
    delete fields[name];
    return encodeURIComponent(String(value));
  });
  const inQuery = binding.method === 'GET' || binding.method === 'DELETE' || binding.upload;
  const address = `${path.slice(1)}${inQuery ? queryString(fields) : ''}`;
  // A public endpoint (the app's configuration, first of all) goes at once: the token would wait for
  // aws-amplify's code, and that for the configuration.
  return apiRequest<T>(address, binding.upload ? file : inQuery ? undefined : fields, binding.method, {
    signedIn: binding.auth !== 'public',
  });
}

/** ?a=1&b=2 from the fields given, or nothing; fields left undefined are left out. */
function queryString(fields: Record<string, unknown>): string {
  const given = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]): [string, string] => [name, String(value)]);
  return given.length === 0 ? '' : `?${new URLSearchParams(given).toString()}`;
}
