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
  /** The answer itself, for its headers: asked for only by the reads that need them (ETags). */
  raw: Response;
  text: string;
}

/** A Realtime Database REST client bound to one database and one credential. */
export function createRtdbClient(options: RtdbClientOptions): RtdbClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const credential = options.credential;
  // Every request's address starts and ends the same way: built once per client, not once per request
  // (each read's URL object and its parameters showed in the Worker's profile of every page).
  const addressStart = `${options.databaseUrl.replace(/\/+$/, '')}/`;
  const fixedParameters = [
    ...(options.namespace ? [`ns=${encodeURIComponent(options.namespace)}`] : []),
    ...(credential.kind === 'idToken' ? [`auth=${encodeURIComponent(credential.token)}`] : []),
  ].join('&');
  const ownerHeaders: Record<string, string> | undefined =
    credential.kind === 'emulatorOwner' ? { Authorization: 'Bearer owner' } : undefined;
  const deadlines = options.timeoutMs === undefined ? undefined : createDeadlines(options.timeoutMs);
  let wrongShapes = 0;

  function reportWrongShape(path: string): void {
    wrongShapes += 1;
    options.onWrongShape?.(path);
  }

  function addressOf(path: string, query: RtdbQuery | undefined): string {
    const parameters = query ? queryParameters(query, fixedParameters) : fixedParameters;
    return `${addressStart}${encodePath(path)}.json${parameters === '' ? '' : `?${parameters}`}`;
  }

  async function request(
    method: string,
    path: string,
    query?: RtdbQuery,
    body?: unknown,
    extraHeaders?: Record<string, string>,
  ): Promise<Answer> {
    const url = addressOf(path, query);
    // The time limit runs from before the access token is asked for: a token service that never
    // answers holds the request too. One reading of the clock serves the limit and the request's record
    // (each reading showed in the profile).
    let startedAt = performance.now();
    const deadline = deadlines?.enter(startedAt);
    let headers = extraHeaders ? { ...ownerHeaders, ...extraHeaders } : ownerHeaders;
    if (credential.kind === 'accessToken') {
      try {
        const token = await withinDeadline(credential.getToken(), deadline?.signal);
        headers = { ...headers, Authorization: `Bearer ${token}` };
        startedAt = performance.now();
      } catch (error) {
        if (deadline) deadlines?.leave(deadline);
        // A token that fails is the credential's own error, as before; one that never comes is a timeout.
        if (isTimeout(error)) throw unavailable(new RtdbError(504, path, 'no access token in time'));
        throw error;
      }
    }
    const init: RequestInit = { method };
    if (body !== undefined) {
      headers = { ...headers, 'Content-Type': 'application/json' };
      init.body = JSON.stringify(body);
    }
    if (headers) init.headers = headers;
    if (deadline) init.signal = deadline.signal;
    const startOrder = ++requestEvents;
    let response: Answer;
    try {
      const answer = await doFetch(url, init);
      // Read within the limit too: a database can stall halfway through an answer.
      const status = answer.status;
      response = { status, ok: status >= 200 && status < 300, raw: answer, text: await answer.text() };
    } catch (error) {
      // One kind of failure for every caller: the fetch's own error may name the database's address. Sent
      // and not answered, the request may have been applied or may still be.
      throw unavailable(
        new RtdbError(isTimeout(error) ? 504 : 503, path, String(error), { outcomeUnknown: true }),
      );
    } finally {
      if (deadline) deadlines?.leave(deadline);
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
    if (!response.ok) throw unavailable(errorAnswer(response.status, path, text));
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

  // No async wrappers here: each would add a promise and its hop to every read.
  return {
    read(path, schema) {
      return request('GET', path).then((response) => checked(path, schema, expectOk(response, path)));
    },
    query(path, query, schema) {
      return request('GET', path, query).then((response) => checked(path, schema, expectOk(response, path)));
    },
    get(path, query) {
      return request('GET', path, query).then((response) => expectOk(response, path));
    },
    async getTagged(path) {
      const response = await request('GET', path, undefined, undefined, { 'X-Firebase-ETag': 'true' });
      const value = expectOk(response, path);
      return { value, etag: response.raw.headers.get('ETag') ?? '' };
    },
    async put(path, value, putOptions) {
      const headers = putOptions?.ifMatch ? { 'if-match': putOptions.ifMatch } : undefined;
      const response = await request('PUT', path, undefined, value, headers);
      if (response.status === 412) return null;
      return expectOk(response, path);
    },
    async putIfUnchanged(path, value, ifMatch) {
      const response = await request('PUT', path, undefined, value, { 'if-match': ifMatch });
      if (response.status === 412) return false;
      expectOk(response, path);
      return true;
    },
    async putOrCurrent(path, value, ifMatch) {
      const response = await request('PUT', path, undefined, value, { 'if-match': ifMatch });
      if (response.status === 412) {
        const current = expectOk({ ...response, ok: true }, path);
        return { written: false, current: { value: current, etag: response.raw.headers.get('ETag') ?? '' } };
      }
      expectOk(response, path);
      return { written: true };
    },
    async patch(path, updates) {
      return expectOk(await request('PATCH', path, undefined, updates), path);
    },
    async post(path, value) {
      const answer = expectOk(await request('POST', path, undefined, value), path);
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

/** A path of plain keys: each segment is its own encoding, so the path is its address as it is. */
const PLAIN_PATH = /^[\w-]+(?:\/[\w-]+)*$/;

/**
 * Each segment percent-encoded, so user-supplied keys cannot add segments or query strings. `.` and `..`
 * are refused: they are not valid keys, and a URL would resolve them into another path.
 */
function encodePath(path: string): string {
  // Most paths are plain keys (ids, slugs): answered without splitting them, on every read.
  if (PLAIN_PATH.test(path)) return path;
  return path
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      if (segment === '.' || segment === '..') throw new RtdbError(400, path, 'Invalid path segment');
      return encodeURIComponent(segment);
    })
    .join('/');
}

/**
 * The query string of `query` after `fixed` (the client's own parameters). The REST API wants every
 * query value as JSON (strings quoted, numbers bare).
 */
function queryParameters(query: RtdbQuery, fixed: string): string {
  let parameters = fixed;
  const add = (name: string, value: string) => {
    parameters += `${parameters === '' ? '' : '&'}${name}=${encodeURIComponent(value)}`;
  };
  if (query.orderBy !== undefined) add('orderBy', JSON.stringify(query.orderBy));
  if (query.startAt !== undefined) add('startAt', JSON.stringify(query.startAt));
  if (query.endAt !== undefined) add('endAt', JSON.stringify(query.endAt));
  if (query.equalTo !== undefined) add('equalTo', JSON.stringify(query.equalTo));
  if (query.limitToFirst !== undefined) add('limitToFirst', String(query.limitToFirst));
  if (query.limitToLast !== undefined) add('limitToLast', String(query.limitToLast));
  if (query.shallow) add('shallow', 'true');
  return parameters;
}

/** Requests started at one instant, sharing the one timer and abort signal of their common deadline. */
interface Deadline {
  startedAt: number;
  /** Aborted once the time is up, with a TimeoutError. */
  signal: AbortSignal;
  timer: ReturnType<typeof setTimeout>;
  /** Requests of the group not done yet: the timer is cleared when the last one is. */
  open: number;
}

/**
 * The time limits of one client's requests. Requests started at the same instant share one timer and
 * one abort signal: a page's reads mostly start together (workerd's clock moves only on I/O), and a
 * timer and an AbortController for each showed in the Worker's profile of every page. Every request of
 * a group started when its timer was set, so the limit holds for each; the timer is cleared once the
 * group's last request is done (`leave`), not left armed for its whole length as AbortSignal.timeout
 * would be (an isolate serving many requests may hold only so many timers, workerd 10,000, after which
 * every request would fail).
 */
function createDeadlines(timeoutMs: number): {
  /** The deadline of a request starting at `now` (performance.now()). */
  enter(now: number): Deadline;
  leave(deadline: Deadline): void;
} {
  let current: Deadline | undefined;
  return {
    enter(now) {
      if (current?.startedAt === now && !current.signal.aborted) {
        current.open += 1;
        return current;
      }
      const controller = new AbortController();
      const timer = setTimeout(() => {
        controller.abort(new DOMException('The database did not answer in time', 'TimeoutError'));
      }, timeoutMs);
      current = { startedAt: now, signal: controller.signal, timer, open: 1 };
      return current;
    },
    leave(deadline) {
      deadline.open -= 1;
      if (deadline.open > 0) return;
      clearTimeout(deadline.timer);
      if (current === deadline) current = undefined;
    },
  };
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

/** The database's own error sentence, or null when the answer is not the database's (a proxy's page). */
function databaseError(text: string): string | null {
  try {
    const parsed = errorAnswerSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.error : null;
  } catch {
    return null;
  }
}

/**
 * The error for an answer that is not a success. The database's own error answer (`{ "error": … }`) is a
 * refusal: nothing of the request was applied. A gateway's 502 or 504, or a server error that is not the
 * database's (a load balancer's page), says only that whatever stands in front of the database gave up:
 * the request may have reached it, so a write may have landed or may still land.
 */
function errorAnswer(status: number, path: string, text: string): RtdbError {
  const own = databaseError(text);
  const outcomeUnknown = status === 502 || status === 504 || (status >= 500 && own === null);
  return new RtdbError(status, path, own ?? text.slice(0, 200), { outcomeUnknown });
}
