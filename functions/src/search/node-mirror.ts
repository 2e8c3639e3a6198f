import type { RtdbCredential } from '../../../shared/rtdb/rest-client.ts';
import { isObject } from '../../../shared/is-object.ts';

// A copy in memory of one node of the Realtime Database, kept current over the REST API's streaming
// (https://firebase.google.com/docs/database/rest/retrieve-data#section-rest-streaming): the stream's
// first `put` is the whole node, every later `put` or `patch` a change, as it is committed. So the index
// knows a member the moment their sign-up is written, without reading the whole member list again, and
// the cost of staying current is the size of the changes, not of the node.
// Only what `project` keeps of each child is held (a game's name, icon and popularity, not its
// description). The stream is reopened (and the node read whole again) when it ends, when the
// database cancels it or revokes its credential (an access token expires after an hour), and when it
// has been silent for longer than the database's keep-alives allow: a connection that died without
// closing would otherwise leave the copy silently old.

/** Where the node is and who reads it (the server credential: the rules let no client list a node whole). */
export interface NodeMirrorSource {
  databaseUrl: string;
  namespace?: string | undefined;
  credential: RtdbCredential;
  fetch?: typeof fetch;
}

export interface NodeMirrorOptions extends NodeMirrorSource {
  /** The node, e.g. `users_public`. */
  path: string;
  /** What is kept of a child's value (null: nothing). */
  project: (value: unknown) => unknown;
  clock: () => number;
  /**
   * A stream that has sent nothing, not even a keep-alive, for this long is presumed lost. Firebase and
   * the project's emulator send a keep-alive every 30 s or so.
   */
  silenceMs: number;
  /**
   * How long opening the stream may take, from asking for it (and for the access token) to its first
   * `put`, the whole node: a database that takes the connection and never answers, or answers the
   * headers and then nothing, would otherwise hold every search waiting on it. Past it the stream is
   * dropped and the search fails; the next one opens it again. No limit when absent.
   */
  openTimeoutMs?: number;
}

/** What a mirror tells its owner. */
export interface NodeMirrorListener {
  /** The whole node (each child as projected): when the stream opens, and again when it is reopened. */
  reset(children: ReadonlyMap<string, unknown>): void;
  /** One child changed (as projected), or was removed (null). */
  change(key: string, value: unknown): void;
}

export interface NodeMirror {
  /**
   * Resolves once the node has been read whole, with every change that had arrived applied; opens the
   * stream again first if it is closed or silent. Rejects when the node cannot be read at all (a
   * mirror that was current once stays usable while its stream reopens).
   */
  current(): Promise<void>;
  /** How many children the copy holds. */
  readonly size: number;
  close(): void;
}

/** A stream that opened but could not be read (its HTTP status tells why). */
export class NodeMirrorUnavailable extends Error {
  override readonly name = 'NodeMirrorUnavailable';
}

const MAX_REDIRECTS = 3;

/** A copy of the node at `options.path`, kept current for as long as it is used. */
export function mirrorNode(options: NodeMirrorOptions, listener: NodeMirrorListener): NodeMirror {
  const children = new Map<string, unknown>();
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  let loaded = false;
  let closed = false;
  /** The open stream, while there is one. */
  let stream: { abort: AbortController; firstPut: Promise<void> } | undefined;
  let lastHeardAt = 0;

  function applyPut(path: string[], data: unknown): void {
    const [key, ...rest] = path;
    if (key === undefined) {
      children.clear();
      if (isObject(data))
        for (const [childKey, value] of Object.entries(data)) {
          const kept = options.project(value);
          if (kept !== null) children.set(childKey, kept);
        }
      loaded = true;
      listener.reset(children);
      return;
    }
    const before = children.get(key);
    const after = options.project(rest.length === 0 ? data : withValueAt(before ?? null, rest, data));
    if (after === null || (isObject(after) && Object.keys(after).length === 0)) {
      if (!children.delete(key)) return;
      listener.change(key, null);
      return;
    }
    children.set(key, after);
    listener.change(key, after);
  }

  function onEvent(event: string, data: string, resolveFirstPut: () => void): void {
    lastHeardAt = options.clock();
    if (event === 'keep-alive') return;
    if (event === 'cancel' || event === 'auth_revoked') {
      // The database stopped the stream; the next use opens a new one (with a fresh credential).
      stop();
      return;
    }
    if (event !== 'put' && event !== 'patch') return;
    const message = JSON.parse(data) as { path?: unknown; data?: unknown };
    const base = typeof message.path === 'string' ? segments(message.path) : [];
    if (event === 'put') {
      applyPut(base, message.data ?? null);
      if (base.length === 0) resolveFirstPut();
      return;
    }
    if (isObject(message.data))
      for (const [relative, value] of Object.entries(message.data))
        applyPut([...base, ...segments(relative)], value);
  }

  async function openResponse(signal: AbortSignal): Promise<Response> {
    let url = streamUrl(options);
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    const credential = options.credential;
    if (credential.kind === 'accessToken') headers.Authorization = `Bearer ${await credential.getToken()}`;
    else if (credential.kind === 'emulatorOwner') headers.Authorization = 'Bearer owner';
    else if (credential.kind === 'idToken') url.searchParams.set('auth', credential.token);
    // Firebase may redirect a stream to the server holding the data (307). Followed here, because fetch
    // drops the Authorization header on a redirect to another host.
    for (let hop = 0; ; hop++) {
      const response = await doFetch(url, { headers, signal, redirect: 'manual' });
      const location = response.headers.get('Location');
      if (response.status >= 300 && response.status < 400 && location && hop < MAX_REDIRECTS) {
        await response.body?.cancel();
        url = new URL(location, url);
        continue;
      }
      return response;
    }
  }

  function stop(): void {
    stream?.abort.abort();
    stream = undefined;
  }

  function open(): Promise<void> {
    const abort = new AbortController();
    let resolveFirstPut: () => void = () => undefined;
    let rejectFirstPut: (error: unknown) => void = () => undefined;
    const firstPut = new Promise<void>((resolve, reject) => {
      resolveFirstPut = resolve;
      rejectFirstPut = reject;
    });
    const opened = { abort, firstPut };
    stream = opened;
    lastHeardAt = options.clock();
    const openTimer =
      options.openTimeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            rejectFirstPut(
              new NodeMirrorUnavailable(
                `The stream of ${options.path} did not open within ${String(options.openTimeoutMs)} ms`,
              ),
            );
            abort.abort();
            if (stream === opened) stream = undefined;
          }, options.openTimeoutMs);
    const opening = () => {
      clearTimeout(openTimer);
    };
    void firstPut.then(opening, opening);
    const run = async () => {
      const response = await openResponse(abort.signal);
      if (!response.ok || !response.body) {
        await response.body?.cancel();
        throw new NodeMirrorUnavailable(`Streaming ${options.path} answered ${String(response.status)}`);
      }
      await readEvents(response.body, (event, data) => {
        onEvent(event, data, resolveFirstPut);
      });
    };
    run()
      .catch((error: unknown) => {
        rejectFirstPut(error);
        if (!abort.signal.aborted) console.error(`The copy of ${options.path} lost its stream`, error);
      })
      .finally(() => {
        rejectFirstPut(new NodeMirrorUnavailable(`The stream of ${options.path} ended`));
        if (stream === opened) stream = undefined;
      });
    return firstPut;
  }

  return {
    async current() {
      if (closed) throw new NodeMirrorUnavailable(`The copy of ${options.path} is closed`);
      // Changes that arrived while the instance was idle are applied before anything is answered.
      await new Promise((resolve) => setImmediate(resolve));
      if (stream && options.clock() - lastHeardAt > options.silenceMs) {
        console.warn(`The stream of ${options.path} went silent; reopening it`);
        stop();
      }
      const pending = stream ? stream.firstPut : open();
      if (!loaded) await pending;
      else pending.catch(() => undefined);
    },
    get size() {
      return children.size;
    },
    close() {
      closed = true;
      stop();
    },
  };
}

/** The stream's address: `<database>/<path>.json?ns=<namespace>`. */
function streamUrl(options: NodeMirrorOptions): URL {
  const path = segments(options.path).map(encodeURIComponent).join('/');
  const url = new URL(`${options.databaseUrl.replace(/\/+$/, '')}/${path}.json`);
  if (options.namespace) url.searchParams.set('ns', options.namespace);
  return url;
}

/**
 * Reads server-sent events (https://html.spec.whatwg.org/multipage/server-sent-events.html): `event:`
 * and `data:` lines, each event ended by an empty line. Lines are cut as they arrive, so the first
 * event — the whole node, megabytes on one line — costs one pass, not one per chunk.
 */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: string, data: string) => void,
): Promise<void> {
  let partialLine: string[] = [];
  let event = 'message';
  let data: string[] = [];
  const onLine = (line: string) => {
    if (line === '') {
      if (data.length > 0) onEvent(event, data.join('\n'));
      event = 'message';
      data = [];
    } else if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
  };
  const reader = body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { value: bytes, done } = await reader.read();
    if (done) return;
    const value = decoder.decode(bytes, { stream: true });
    let start = 0;
    for (let end = value.indexOf('\n'); end !== -1; end = value.indexOf('\n', start)) {
      partialLine.push(value.slice(start, end));
      const line = partialLine.join('');
      partialLine = [];
      onLine(line.endsWith('\r') ? line.slice(0, -1) : line);
      start = end + 1;
    }
    if (start < value.length) partialLine.push(value.slice(start));
  }
}

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/** `value` with `data` written at `path` below it (null deletes), as the database applies a write. */
function withValueAt(value: unknown, path: string[], data: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return data;
  const children = new Map(isObject(value) ? Object.entries(value) : []);
  const next = withValueAt(children.get(key) ?? null, rest, data);
  if (next === null || (isObject(next) && Object.keys(next).length === 0)) children.delete(key);
  else children.set(key, next);
  return Object.fromEntries(children);
}
