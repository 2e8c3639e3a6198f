// EventSource streaming (https://firebase.google.com/docs/database/rest/retrieve-data#section-rest-streaming):
// an initial `put` of the whole location, then `put`/`patch` events for every change at or below it,
// `keep-alive` every 30 s, `cancel` when the rules stop allowing the read (after a change of data or
// of the rules themselves), `auth_revoked` when the token expires. Writers never wait for streams: events go into each socket's buffer, and a client
// that lets more than `maxBufferedBytes` pile up is disconnected instead of holding memory.

import type { ServerResponse } from 'node:http';
import type { Caller } from './auth.ts';
import type { Change, Database } from './database.ts';
import { isPrefix, joinPath } from './keys.ts';
import { queryResult, type Query } from './query.ts';
import { deepEqual, getIn, jsonText, toPlain } from './tree.ts';

interface Stream {
  ns: string;
  path: string[];
  query: Query | undefined;
  caller: Caller;
  res: ServerResponse;
  lastQueryJson: string | undefined;
  expiryTimer: NodeJS.Timeout | undefined;
}

export interface StreamOptions {
  keepAliveMs: number;
  maxBufferedBytes: number;
}

export class StreamHub {
  readonly #db: Database;
  readonly #streams = new Map<string, Set<Stream>>();
  readonly #options: StreamOptions;
  readonly #keepAlive: NodeJS.Timeout;
  readonly #unsubscribe: () => void;
  readonly #unsubscribeRules: () => void;

  constructor(db: Database, options: StreamOptions) {
    this.#db = db;
    this.#options = options;
    this.#unsubscribe = db.onChange((change) => {
      this.#dispatch(change);
    });
    this.#unsubscribeRules = db.onRulesChange(() => {
      this.#recheckAll();
    });
    this.#keepAlive = setInterval(() => {
      for (const set of this.#streams.values()) for (const s of set) this.#send(s, 'keep-alive', 'null');
    }, options.keepAliveMs);
    this.#keepAlive.unref();
  }

  get size(): number {
    let n = 0;
    for (const set of this.#streams.values()) n += set.size;
    return n;
  }

  /** Starts streaming `path` to `res` (read access already checked by the caller). */
  open(
    res: ServerResponse,
    ns: string,
    path: string[],
    query: Query | undefined,
    caller: Caller,
    headers: Record<string, string>,
  ): void {
    res.writeHead(200, {
      ...headers,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
    });
    res.socket?.setNoDelay(true);
    const stream: Stream = { ns, path, query, caller, res, lastQueryJson: undefined, expiryTimer: undefined };
    let set = this.#streams.get(ns);
    if (!set) this.#streams.set(ns, (set = new Set()));
    set.add(stream);
    res.on('close', () => {
      this.#remove(stream);
    });
    const initial = this.#current(stream);
    if (query) stream.lastQueryJson = initial;
    this.#send(stream, 'put', `{"path":"/","data":${initial}}`);
    if (caller.kind === 'user' && caller.expiresAt !== null) {
      // the token's remaining life by the database's clock, so an injected clock decides it too
      const delay = Math.max(0, caller.expiresAt - this.#db.clock());
      stream.expiryTimer = setTimeout(
        () => {
          this.#send(stream, 'auth_revoked', '"credential is no longer valid"');
          this.#end(stream);
        },
        Math.min(delay, 2 ** 31 - 1),
      );
      stream.expiryTimer.unref();
    }
  }

  #current(stream: Stream): string {
    const value = this.#db.get(stream.ns, stream.path);
    return jsonText(toPlain(stream.query ? queryResult(value, stream.query) : value));
  }

  /**
   * New rules (`PUT /.settings/rules.json`) may take read access away from open streams: each one that
   * may no longer read its location is cancelled, as production does when access is revoked
   * (https://firebase.google.com/docs/database/rest/retrieve-data#section-rest-streaming).
   */
  #recheckAll(): void {
    for (const set of this.#streams.values())
      for (const stream of [...set]) {
        if (stream.caller.kind === 'admin') continue;
        if (!this.#db.mayRead(stream.ns, stream.path, stream.caller, stream.query)) this.#cancel(stream);
      }
  }

  #cancel(stream: Stream): void {
    this.#send(stream, 'cancel', 'null');
    this.#end(stream);
  }

  #dispatch(change: Change): void {
    const set = this.#streams.get(change.ns);
    if (!set || set.size === 0) return;
    for (const stream of set) {
      const relevant = change.writes.some(
        (w) => isPrefix(w.path, stream.path) || isPrefix(stream.path, w.path),
      );
      // non-admin streams are re-checked on every change: a rule may depend on data anywhere
      if (!relevant && stream.caller.kind === 'admin') continue;
      if (
        stream.caller.kind !== 'admin' &&
        !this.#db.mayRead(stream.ns, stream.path, stream.caller, stream.query)
      ) {
        this.#cancel(stream);
        continue;
      }
      if (!relevant) continue;
      if (stream.query) {
        const json = this.#current(stream);
        if (json !== stream.lastQueryJson) {
          stream.lastQueryJson = json;
          this.#send(stream, 'put', `{"path":"/","data":${json}}`);
        }
        continue;
      }
      this.#sendChange(stream, change);
    }
  }

  #sendChange(stream: Stream, change: Change): void {
    const L = stream.path;
    // A write at or above the stream's location replaces what it sees.
    for (let i = change.writes.length - 1; i >= 0; i--) {
      const w = change.writes[i];
      if (w && isPrefix(w.path, L)) {
        const before = getIn(change.previous[i] ?? null, L, w.path.length);
        const after = this.#db.get(stream.ns, L);
        if (!deepEqual(before, after))
          this.#send(stream, 'put', `{"path":"/","data":${jsonText(toPlain(after))}}`);
        return;
      }
    }
    const below = change.writes.filter((w) => isPrefix(L, w.path));
    if (change.kind === 'set' && below.length === 1 && below[0]) {
      const w = below[0];
      const data = jsonText(toPlain(w.value));
      this.#send(
        stream,
        'put',
        `{"path":${JSON.stringify(joinPath(w.path.slice(L.length)))},"data":${data}}`,
      );
      return;
    }
    const root = isPrefix(L, change.base) ? change.base : L;
    const data: Record<string, unknown> = {};
    for (const w of below) data[w.path.slice(root.length).join('/')] = toPlain(w.value);
    this.#send(stream, 'patch', JSON.stringify({ path: joinPath(root.slice(L.length)), data }));
  }

  #send(stream: Stream, event: string, data: string): void {
    const { res } = stream;
    if (res.destroyed || res.writableEnded) return;
    // A response's writableLength already holds its socket's (Node's OutgoingMessage adds it): adding
    // the socket's again counted every unsent byte twice, so a reader was dropped at 8 MiB, while the
    // first put of the real catalogue's 9.6 MB of games was still on its way.
    const buffered = res.writableLength;
    if (buffered > this.#options.maxBufferedBytes) {
      // a client this far behind would only make the server hold more and more memory
      res.destroy();
      this.#remove(stream);
      return;
    }
    res.write(`event: ${event}\ndata: ${data}\n\n`);
  }

  #end(stream: Stream): void {
    this.#remove(stream);
    stream.res.end();
  }

  #remove(stream: Stream): void {
    if (stream.expiryTimer) clearTimeout(stream.expiryTimer);
    this.#streams.get(stream.ns)?.delete(stream);
  }

  /** Ends every stream (server shutdown). */
  close(): void {
    clearInterval(this.#keepAlive);
    this.#unsubscribe();
    this.#unsubscribeRules();
    for (const set of this.#streams.values()) for (const s of [...set]) this.#end(s);
  }
}
