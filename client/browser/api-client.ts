import { hc, type ClientResponse } from 'hono/client';
import { isApiErrorCode } from '../../shared/api/error-codes.ts';
import type { ApiErrorCode } from '../../shared/errors.ts';
import { sessionCookieValue } from '../../shared/session-cookie.ts';
import { loadAuthService } from '../auth/auth-service.ts';
import type { ApiAnswer, ApiFailure } from '../components/browser-capabilities.ts';
import { callDeadline, timedOut, TIMED_OUT_MESSAGE, type CallDeadline } from '../components/call-deadline.ts';
import type { ApiClient, ApiRoutes } from './api-routes.ts';
import { forgetPageData } from './page-data-cache.ts';

// The browser's one client of the JSON API (/api, worker/api/, the sign-in functions too: the Worker passes
// /api/functions/… on): Hono's `hc`, typed by the API's own route definitions (./api-routes.ts), failing with one
// error class. The API takes an ID token only as a Bearer header, never from the cookie (no CSRF). A call
// sends the session's token when there is one; which endpoints need it is said once, by the route (a
// public one ignores it). If the API refuses it (401: it expired, or there was none), the call asks for a
// fresh one and tries once more.

/** A failed call: the answer's status and the code (shared/errors.ts) and words of its error envelope. */
export class ApiError extends Error implements ApiFailure {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fields: Record<string, string> | undefined;
  constructor(failure: ApiFailure) {
    super(failure.message ?? failure.code);
    this.status = failure.status;
    this.code = failure.code;
    this.fields = failure.fields;
  }
}

/** Where a member call gets its ID token. */
export interface IdTokenSource {
  /** The token at hand, if any. */
  current(): Promise<string | null>;
  /** A newly issued token, for when the one at hand was refused; null when nobody is signed in. */
  refreshed(): Promise<string | null>;
}

/**
 * The session's tokens: the one in the session cookie the auth service keeps (so a page visit does not
 * load the auth SDK), and only when that is refused, a fresh one from the auth service, loaded then.
 */
export const sessionIdTokens: IdTokenSource = {
  current: () => Promise.resolve(sessionCookieValue(document.cookie)),
  refreshed: async () => (await loadAuthService()).freshIdToken(),
};

const unauthenticated = () =>
  new ApiError({ status: 401, code: 'unauthenticated', message: 'Please sign in.' });

/** Bodies a keepalive request may carry: JSON text well within the browser's 64 KB allowance. */
const KEEPALIVE_BODY_LIMIT = 32 * 1024;
const isSmallText = (body: BodyInit | null): boolean =>
  typeof body === 'string' && body.length <= KEEPALIVE_BODY_LIMIT;

/** A call the Worker did not answer within the deadline: no status, since no answer came. */
const timeoutFailure = () => new ApiError({ status: 0, code: 'unavailable', message: TIMED_OUT_MESSAGE });

/** How a call reaches the Worker: the browser's fetch and the spec's deadline, unless a test passes others. */
export interface CallTransport {
  fetch?: typeof fetch;
  deadline?: CallDeadline;
}

/**
 * Sends once with the token at hand and, if it is refused, once more with a fresh one, all within one
 * deadline (call-deadline.ts); past it, an `ApiError` that says so ('unavailable', status 0: no answer).
 */
async function send(
  url: string,
  init: RequestInit,
  idTokens: IdTokenSource | undefined,
  transport: CallTransport = {},
): Promise<Response> {
  const signal = (transport.deadline ?? callDeadline)();
  const fetchOf = transport.fetch ?? fetch;
  try {
    return await sendWithin(url, init, idTokens, (input, options) => fetchOf(input, { ...options, signal }));
  } catch (error) {
    if (timedOut(error) || (signal.aborted && timedOut(signal.reason))) throw timeoutFailure();
    throw error;
  }
}

/** The two attempts, through `fetch` (the browser's with the call's deadline). */
async function sendWithin(
  url: string,
  init: RequestInit,
  idTokens: IdTokenSource | undefined,
  fetch: (input: string, init: RequestInit) => Promise<Response>,
): Promise<Response> {
  const attempt = (token: string | null) => {
    const headers = new Headers(init.headers);
    headers.set('Accept', 'application/json');
    // A picture goes as its own bytes and type (a profile image); everything else as JSON.
    if (init.body instanceof Blob) headers.set('Content-Type', init.body.type);
    else if (init.body !== undefined) headers.set('Content-Type', 'application/json');
    if (token) headers.set('Authorization', `Bearer ${token}`);
    // A change sent just before the member leaves the page (a follow, then a link) still arrives: a keepalive
    // request outlives the page, for bodies within the browser's 64 KB keepalive allowance.
    const keepalive =
      init.method !== undefined &&
      init.method !== 'GET' &&
      (init.body === undefined || isSmallText(init.body));
    return fetch(url, { ...init, headers, keepalive });
  };
  if (!idTokens) return attempt(null);
  // The token at hand (or none: a public endpoint needs none, and a signed-out visitor's search must not
  // load the auth SDK); only a refusal asks the auth service for a fresh one.
  const response = await attempt(await idTokens.current());
  if (response.status !== 401) return response;
  const fresh = await idTokens.refreshed();
  if (!fresh) throw unauthenticated();
  return attempt(fresh);
}

/** The answer's body, typed by the route; an `ApiError` for anything but success. */
async function answerOf<T>(response: Pick<Response, 'status' | 'ok' | 'json'>): Promise<T> {
  // The deadline also ends an answer whose body is still arriving: that is a timeout too, not an odd body.
  const body: unknown =
    response.status === 204
      ? null
      : await response.json().catch((error: unknown) => {
          if (timedOut(error)) throw timeoutFailure();
          return undefined;
        });
  if (response.ok) return body as T;
  const error =
    typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'object'
      ? (body.error as { code?: unknown; message?: unknown; fields?: Record<string, string> } | null)
      : null;
  throw new ApiError({
    status: response.status,
    code: isApiErrorCode(error?.code) ? error.code : 'default',
    message: typeof error?.message === 'string' ? error.message : undefined,
    fields: error?.fields,
  });
}

/**
 * The client as Hono's `hc` builds it, with each path parameter percent-encoded first (`hc` puts them in
 * the path as they are: a `/` or `?` in one would change the address).
 */
function encodingParams<T extends object>(client: T): T {
  return new Proxy(client, {
    get: (target, key) => {
      const next: unknown = Reflect.get(target, key);
      return typeof next === 'function' || (typeof next === 'object' && next !== null)
        ? encodingParams(next)
        : next;
    },
    apply: (target, self, args: unknown[]) => {
      const [request, ...rest] = args;
      if (typeof request === 'object' && request !== null && 'param' in request) {
        const param = request.param as Record<string, string>;
        const encoded = Object.fromEntries(
          Object.entries(param).map(([name, value]) => [name, encodeURIComponent(value)]),
        );
        return Reflect.apply(target as (...args: unknown[]) => unknown, self, [
          { ...request, param: encoded },
          ...rest,
        ]);
      }
      return Reflect.apply(target as (...args: unknown[]) => unknown, self, args);
    },
  });
}

/** The API's client, sending through `send` with the given tokens and transport. */
export function apiClient(
  idTokens: IdTokenSource = sessionIdTokens,
  transport: CallTransport = {},
): ApiClient {
  const client = hc<ApiRoutes>('/api', {
    fetch: async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = input instanceof Request ? input.url : input.toString();
      const response = await send(url, init, idTokens, transport);
      // Whatever the member changed may show on pages kept for reuse (a follower count): read them afresh.
      if (init.method !== undefined && init.method !== 'GET') forgetPageData();
      return response;
    },
  });
  return encodingParams(client);
}

/**
 * Calls an endpoint of the API, typed by its route: `callApi((api) => api.follows[':type'][':targetId']
 * .$put({ param: { type: 'game', targetId } }))`. The session's ID token (or `idTokens`') goes with it,
 * refreshed once on 401; the answer is the route's success answer, or an `ApiError`.
 */
export async function callApi<R extends ClientResponse<unknown>>(
  call: (api: ApiClient) => Promise<R>,
  idTokens: IdTokenSource = sessionIdTokens,
  transport: CallTransport = {},
): Promise<ApiAnswer<R>> {
  const response = await call(apiClient(idTokens, transport));
  return answerOf<ApiAnswer<R>>(response);
}
