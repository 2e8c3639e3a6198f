import type {
  ApiAnswer,
  ApiEndpoint,
  ApiFailure,
  ApiRequest,
  MemberEndpoint,
} from '../../shared/api/contract.ts';
import type {
  InstalledAppFunction,
  InstalledAppFunctions,
} from '../../shared/api/installed-app-functions.ts';
import { isApiErrorCode } from '../../shared/api/error-codes.ts';
import type { ApiErrorCode } from '../../shared/errors.ts';
import { sessionCookieValue } from '../../shared/session-cookie.ts';
import { loadAuthService } from '../auth/auth-service.ts';
import { callDeadline, timedOut, TIMED_OUT_MESSAGE, type CallDeadline } from '../components/call-deadline.ts';
import { forgetPageData } from './page-data-cache.ts';

// The browser's one client of the JSON API (/api, worker/api/) and of the functions it calls directly
// (functions/): typed by the contract in shared/api/, failing with one error class. The API takes an ID
// token only as a Bearer header, never from the cookie (no CSRF). A member call first sends the token
// at hand; if the API refuses it (401: it expired), it asks for a fresh one and tries once more.

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

/** The endpoints that need the caller's ID token; the compiler keeps this in step with the contract. */
const MEMBER_ENDPOINTS: Record<MemberEndpoint, true> = {
  'POST /accounts': true,
  'GET /me': true,
  'GET /follows/:type/:targetId': true,
  'PUT /follows/:type/:targetId': true,
  'DELETE /follows/:type/:targetId': true,
  'GET /browse': true,
  'GET /feed': true,
  'PUT /suggestions/:targetId': true,
  'PATCH /profiles/:uid': true,
  'GET /developer/dashboard': true,
  'PATCH /developer/games/:gameId': true,
  'POST /developer/events': true,
  'PATCH /developer/events/:eventId': true,
  'PUT /users/me/images/:kind': true,
  'GET /notifications': true,
  'GET /notifications/unread': true,
  'PUT /notifications/seen': true,
  'POST /posts': true,
  'DELETE /posts/:postId': true,
  'POST /comments/posts/:postId': true,
  'DELETE /comments/:commentId': true,
  'POST /reports': true,
  'GET /blocks': true,
  'POST /blocks': true,
  'DELETE /blocks': true,
  'GET /hidden-tags': true,
  'GET /hidden-tags/games': true,
  'PUT /hidden-tags/:slug': true,
  'DELETE /hidden-tags/:slug': true,
  'GET /likes/mine': true,
  'PUT /likes/:type/:targetId': true,
  'DELETE /likes/:type/:targetId': true,
  'POST /library/match': true,
  'GET /library/export': true,
  'GET /editor/members/:username': true,
  'PUT /editor/developers/:uid': true,
  'DELETE /editor/developers/:uid': true,
  'GET /editor/logs': true,
  'GET /editor/highlights': true,
  'PUT /editor/highlights': true,
  'GET /editor/lists': true,
  'GET /editor/lists/:code': true,
  'PUT /editor/lists/:code': true,
  'GET /editor/reports': true,
  'POST /editor/reports/:kind/:itemId': true,
};

function isMemberEndpoint(endpoint: ApiEndpoint): endpoint is MemberEndpoint {
  return endpoint in MEMBER_ENDPOINTS;
}

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
  const token = await idTokens.current();
  if (token) {
    const response = await attempt(token);
    if (response.status !== 401) return response;
  }
  const fresh = await idTokens.refreshed();
  if (!fresh) throw unauthenticated();
  return attempt(fresh);
}

/** The answer's body, typed by the contract; an `ApiError` for anything but success. */
async function answerOf<T>(response: Response): Promise<T> {
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

/** `/api/follows/:type/:targetId` with its parameters filled in, and the query string if any. */
function apiUrl(
  path: string,
  params: Record<string, string> | undefined,
  query: Record<string, string | undefined> | undefined,
): string {
  const filled = path.replace(/:([A-Za-z]+)/g, (_match, name: string) =>
    encodeURIComponent(params?.[name] ?? ''),
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(name, value);
  return `/api${filled}${search.size > 0 ? `?${search.toString()}` : ''}`;
}

/**
 * Calls an endpoint of the API: `callApi('PUT /follows/:type/:targetId', { params: { type: 'game',
 * targetId } })`. Member endpoints carry the session's ID token (or `idTokens`'), refreshed once on 401.
 */
export async function callApi<E extends ApiEndpoint>(
  endpoint: E,
  request: ApiRequest<E>,
  idTokens: IdTokenSource = sessionIdTokens,
  transport: CallTransport = {},
): Promise<ApiAnswer<E>> {
  const [method = 'GET', path = '/'] = endpoint.split(' ');
  const params = request.params as Record<string, string> | undefined;
  const response = await send(
    apiUrl(path, params, request.query),
    {
      method,
      ...(request.body === undefined
        ? {}
        : { body: request.body instanceof Blob ? request.body : JSON.stringify(request.body) }),
    },
    isMemberEndpoint(endpoint) ? idTokens : undefined,
    transport,
  );
  // Whatever the member changed may show on pages kept for reuse (a follower count): read them afresh.
  if (method !== 'GET') forgetPageData();
  return answerOf<ApiAnswer<E>>(response);
}

/** What calling a function takes beyond its body: an ID token source for those that need a member. */
type FunctionCredentials<N extends InstalledAppFunction> = InstalledAppFunctions[N] extends { member: true }
  ? [idTokens: IdTokenSource]
  : [];

/**
 * Calls a function of the installed-app sign-in at `POST <base>/<name>`: the Worker's `/api/functions`,
 * which counts the call and passes it on (the functions answer nothing else).
 */
export async function callFunction<N extends InstalledAppFunction>(
  base: string,
  name: N,
  body: InstalledAppFunctions[N]['body'],
  ...[idTokens]: FunctionCredentials<N>
): Promise<InstalledAppFunctions[N]['answer']> {
  const response = await send(`${base}/${name}`, { method: 'POST', body: JSON.stringify(body) }, idTokens);
  return answerOf<InstalledAppFunctions[N]['answer']>(response);
}
