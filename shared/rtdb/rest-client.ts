// The one client for Firebase Realtime Database over REST, used by the Worker, the functions and the
// tools alike. It speaks the production contract (https://firebase.google.com/docs/reference/rest/database)
// so the same code talks to Firebase in production and to the project's emulator locally.

import { z } from 'zod';
import type { MultiPathUpdate } from './multi-path-update.ts';

/** A value a query can start, end or match at. */
export type RtdbScalar = string | number | boolean | null;

/** Ordered and filtered reads, exactly the REST API's query parameters. */
export interface RtdbQuery {
  orderBy?: string;
  startAt?: RtdbScalar;
  endAt?: RtdbScalar;
  equalTo?: RtdbScalar;
  limitToFirst?: number;
  limitToLast?: number;
  shallow?: boolean;
}

/** Who the database should treat the caller as: rules apply to everyone but the server credential. */
export type RtdbCredential =
  | { kind: 'anonymous' }
  /** A Firebase Auth ID token: the user's own rights, rules enforced. */
  | { kind: 'idToken'; token: string }
  /** The server credential: a Google OAuth2 access token in production (rules bypassed). */
  | { kind: 'accessToken'; getToken: () => Promise<string> }
  /** The emulator's administrator, as Google's own emulator names it. Never valid in production. */
  | { kind: 'emulatorOwner' };

/** One finished request, for tests and benchmarks that count round trips. */
export interface RtdbRequestRecord {
  method: string;
  path: string;
  status: number;
  startedAt: number;
  endedAt: number;
  /** Position of this request's start and end among all request events of the process, for ordering. */
  startOrder: number;
  endOrder: number;
}

/** Orders request starts and ends even where the clock does not move (workerd advances it only on I/O). */
let requestEvents = 0;

export interface RtdbClientOptions {
  /** `https://<db>.firebaseio.com` in production, `http://127.0.0.1:9000` locally. */
  databaseUrl: string;
  /** The database name, sent as `?ns=` (needed by the emulator, harmless in production). */
  namespace?: string;
  credential: RtdbCredential;
  fetch?: typeof fetch;
  onRequest?: (record: RtdbRequestRecord) => void;
  /**
   * Gives up on a request (its answer and body) after this long, as an RtdbError 504. Without it a
   * database that accepts the connection and never answers holds the page or write open indefinitely.
   */
  timeoutMs?: number;
  /**
   * Told of every request the database could not answer (an RtdbError of status 500 or more: it failed,
   * timed out, could not be reached or answered something that is not JSON), thrown or not by the caller.
   */
  onUnavailable?: (error: RtdbError) => void;
  /**
   * Told of every value a `read` or `query` found of the wrong shape (failing its schema), which the
   * caller then sees as absent: what is built from it is not what the database holds.
   */
  onWrongShape?: (path: string) => void;
}

/** A failed database request. Its message is for logs only: never show it to a user. */
export class RtdbError extends Error {
  override readonly name = 'RtdbError';
  readonly status: number;
  readonly path: string;
  /**
   * Whether the request may have been applied all the same: it was sent and no answer of the database's
   * came back (it timed out, the connection dropped, something in front of the database answered), so a
   * write may have landed or may still land. An error answer of the database's own is a refusal: nothing
   * of the request was applied.
   */
  readonly outcomeUnknown: boolean;
  constructor(status: number, path: string, detail: string, { outcomeUnknown = false } = {}) {
    super(`Realtime Database ${String(status)} at ${path}: ${detail}`);
    this.status = status;
    this.path = path;
    this.outcomeUnknown = outcomeUnknown;
  }
}

/** A value with the ETag the database gave it, for conditional writes. */
export interface RtdbTagged<T> {
  value: T;
  etag: string;
}

/** What a conditional PUT did: written, or refused with the value and ETag found in its place. */
export type RtdbConditionalPut = { written: true } | { written: false; current: RtdbTagged<unknown> };

export interface RtdbClient {
  /**
   * The value at `path` checked against `schema`; null when absent. A value that fails the schema is
   * logged and treated as absent: nothing downstream ever sees data of the wrong shape.
   */
  read<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S> | null>;
  /** What a query answers at `path`, checked against `schema` as `read` does; null when nothing matches. */
  query<S extends z.ZodType>(path: string, query: RtdbQuery, schema: S): Promise<z.infer<S> | null>;
  /** The value at `path` (null when absent), unchecked: only for callers that handle any value. */
  get(path: string, query?: RtdbQuery): Promise<unknown>;
  /** The value with its ETag. */
  getTagged(path: string): Promise<RtdbTagged<unknown>>;
  /** Replace the value; with `ifMatch`, only when it still has that ETag (else null is returned). */
  put(path: string, value: unknown, options?: { ifMatch?: string }): Promise<unknown>;
  /**
   * Replace the value (null deletes it) only when it still has the ETag `ifMatch`; answers whether it
   * was written. Unlike `put`, a written null is not mistaken for a refusal.
   */
  putIfUnchanged(path: string, value: unknown, ifMatch: string): Promise<boolean>;
  /**
   * Replace the value only when it still has the ETag `ifMatch`; a refusal answers the value there now
   * with its ETag (the database sends both with its 412), so deciding again costs no read.
   * https://firebase.blog/posts/2017/07/introducing-conditional-rest-requests
   */
  putOrCurrent(path: string, value: unknown, ifMatch: string): Promise<RtdbConditionalPut>;
  /** Apply many writes atomically: keys are paths relative to `path` (multi-path update). */
  patch(path: string, updates: MultiPathUpdate): Promise<unknown>;
  /** Append under a new push id; answers the id. */
  post(path: string, value: unknown): Promise<string>;
  delete(path: string): Promise<void>;
  /** A client for the same database acting with another credential. */
  withCredential(credential: RtdbCredential): RtdbClient;
  /**
   * Tells of a value read through this client that failed its schema where the caller checked it
   * itself (a query's children, one by one), as `read` and `query` do for a whole value: the caller
   * logs it and sees it as absent, and `onWrongShape` hears of it.
   */
  reportWrongShape(path: string): void;
  /** How many values read through this client were found of the wrong shape so far. */
  readonly wrongShapes: number;
}

/**
 * A database answer, read whole within the time limit: its body is kept as the text it is, once (not
 * wrapped in a second Response to be read again, which showed in the Worker's profile of every page).
 */
interface Answer {
  status: number;
  ok: boolean;
  headers: Headers;
  text: string;
}

/** A Realtime Database REST client bound to one database and one credential. */
export function createRtdbClient(options: RtdbClientOptions): RtdbClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const base = options.databaseUrl.replace(/\/+$/, '');
  let wrongShapes = 0;

  function reportWrongShape(path: string): void {
    wrongShapes += 1;
    options.onWrongShape?.(path);
  }

  async function request(
    method: string,
    path: string,
    init: { query?: RtdbQuery; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const url = new URL(`${base}/${encodePath(path)}.json`);
    if (options.namespace) url.searchParams.set('ns', options.namespace);
    if (init.query) appendQuery(url.searchParams, init.query);
    const headers: Record<string, string> = { ...init.headers };
    const credential = options.credential;
    // The time limit is a timer cleared once the answer is in, not AbortSignal.timeout: that one stays
    // armed for its whole length after the request is done, and an isolate serving many requests may
    // hold only so many timers (workerd: 10,000), after which every request would fail. It runs from
    // before the access token is asked for: a token service that never answers holds the request too.
    const deadline = options.timeoutMs === undefined ? undefined : new AbortController();
    const timer =
      deadline &&
      setTimeout(() => {
        deadline.abort(new DOMException('The database did not answer in time', 'TimeoutError'));
      }, options.timeoutMs);
    if (credential.kind === 'idToken') url.searchParams.set('auth', credential.token);
    else if (credential.kind === 'emulatorOwner') headers.Authorization = 'Bearer owner';
    else if (credential.kind === 'accessToken') {
      try {
        headers.Authorization = `Bearer ${await withinDeadline(credential.getToken(), deadline?.signal)}`;
      } catch (error) {
        if (timer !== undefined) clearTimeout(timer);
        // A token that fails is the credential's own error, as before; one that never comes is a timeout.
        if (isTimeout(error)) throw unavailable(new RtdbError(504, path, 'no access token in time'));
        throw error;
      }
    }
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    const startedAt = performance.now();
    const startOrder = ++requestEvents;
    let response: Answer;
    try {
      const answer = await doFetch(url, {
        method,
        headers,
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        ...(deadline ? { signal: deadline.signal } : {}),
      });
      // Read within the limit too: a database can stall halfway through an answer.
      response = { status: answer.status, ok: answer.ok, headers: answer.headers, text: await answer.text() };
    } catch (error) {
      // One kind of failure for every caller: the fetch's own error may name the database's address. Sent
      // and not answered, the request may have been applied or may still be.
      throw unavailable(
        new RtdbError(isTimeout(error) ? 504 : 503, path, String(error), { outcomeUnknown: true }),
      );
    } finally {
      if (timer !== undefined) clearTimeout(timer);
    }
    const endOrder = ++requestEvents;
    options.onRequest?.({
      method,
      path,
      status: response.status,
      startedAt,
      endedAt: performance.now(),
      startOrder,
      endOrder,
    });
    return response;
  }

  /** The error, after telling `onUnavailable` when it means the database could not answer. */
  function unavailable(error: RtdbError): RtdbError {
    if (error.status >= 500) options.onUnavailable?.(error);
    return error;
  }

  function expectOk(response: Answer, path: string): unknown {
    const text = response.text;
    if (!response.ok) throw unavailable(new RtdbError(response.status, path, readError(text)));
    if (text === '') return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      // Something in front of the database (a proxy's error page) answered instead of it.
      throw unavailable(
        new RtdbError(502, path, `answer is not JSON: ${text.slice(0, 200)}`, { outcomeUnknown: true }),
      );
    }
  }

  function checked<S extends z.ZodType>(path: string, schema: S, value: unknown): z.infer<S> | null {
    if (value === null) return null;
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    console.error(`Invalid data at ${path}`, z.prettifyError(parsed.error));
    reportWrongShape(path);
    return null;
  }

  return {
    async read(path, schema) {
      return checked(path, schema, expectOk(await request('GET', path), path));
    },
    async query(path, query, schema) {
      return checked(path, schema, expectOk(await request('GET', path, { query }), path));
    },
    async get(path, query) {
      return expectOk(await request('GET', path, query ? { query } : {}), path);
    },
    async getTagged(path) {
      const response = await request('GET', path, { headers: { 'X-Firebase-ETag': 'true' } });
      const value = expectOk(response, path);
      return { value, etag: response.headers.get('ETag') ?? '' };
    },
    async put(path, value, putOptions) {
      const headers: Record<string, string> = putOptions?.ifMatch ? { 'if-match': putOptions.ifMatch } : {};
      const response = await request('PUT', path, { body: value, headers });
      if (response.status === 412) return null;
      return expectOk(response, path);
    },
    async putIfUnchanged(path, value, ifMatch) {
      const response = await request('PUT', path, { body: value, headers: { 'if-match': ifMatch } });
      if (response.status === 412) return false;
      expectOk(response, path);
      return true;
    },
    async putOrCurrent(path, value, ifMatch) {
      const response = await request('PUT', path, { body: value, headers: { 'if-match': ifMatch } });
      if (response.status === 412) {
        const current = expectOk({ ...response, ok: true }, path);
        return { written: false, current: { value: current, etag: response.headers.get('ETag') ?? '' } };
      }
      expectOk(response, path);
      return { written: true };
    },
    async patch(path, updates) {
      return expectOk(await request('PATCH', path, { body: updates }), path);
    },
    async post(path, value) {
      const answer = expectOk(await request('POST', path, { body: value }), path);
      return pushAnswerSchema.parse(answer).name;
    },
    async delete(path) {
      expectOk(await request('DELETE', path), path);
    },
    withCredential(credential) {
      return createRtdbClient({ ...options, credential });
    },
    reportWrongShape,
    get wrongShapes() {
      return wrongShapes;
    },
  };
}

/**
 * Each segment percent-encoded, so user-supplied keys cannot add segments or query strings. `.` and `..`
 * are refused: they are not valid keys, and a URL would resolve them into another path.
 */
function encodePath(path: string): string {
  return path
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      if (segment === '.' || segment === '..') throw new RtdbError(400, path, 'Invalid path segment');
      return encodeURIComponent(segment);
    })
    .join('/');
}

/** The REST API wants every query value as JSON (strings quoted, numbers bare). */
function appendQuery(params: URLSearchParams, query: RtdbQuery): void {
  if (query.orderBy !== undefined) params.set('orderBy', JSON.stringify(query.orderBy));
  for (const key of ['startAt', 'endAt', 'equalTo'] as const) {
    const value = query[key];
    if (value !== undefined) params.set(key, JSON.stringify(value));
  }
  if (query.limitToFirst !== undefined) params.set('limitToFirst', String(query.limitToFirst));
  if (query.limitToLast !== undefined) params.set('limitToLast', String(query.limitToLast));
  if (query.shallow) params.set('shallow', 'true');
}

/** What the database answers to a POST: the new child's push id. */
const pushAnswerSchema = z.object({ name: z.string() });
/** What the database answers when it refuses a request. */
const errorAnswerSchema = z.object({ error: z.string() });

/** `work`, or the deadline's reason once `signal` is aborted first (the work itself cannot be stopped). */
function withinDeadline<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      reject(signal.reason as Error);
    };
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => {
      signal.removeEventListener('abort', onAbort);
    });
  });
}

/** Whether a fetch or body read stopped because its AbortSignal.timeout fired. */
function isTimeout(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'TimeoutError';
}

function readError(text: string): string {
  try {
    const parsed = errorAnswerSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.error : text.slice(0, 200);
  } catch {
    return text.slice(0, 200);
  }
}
