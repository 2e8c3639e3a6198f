// The database: one JSON tree per namespace, the rules, and the single place where writes are
// checked and applied. Everything here is synchronous, so a check (rules, if-match) and the write it
// guards can never interleave with another request: concurrent conditional writers cannot both win.

import type { Caller } from './auth.ts';
import { DatabaseError, INVALID_JSON, PERMISSION_DENIED } from './errors.ts';
import { etagOf } from './etag.ts';
import { isPrefix, joinPath, splitPath } from './keys.ts';
import type { Write } from './overlay.ts';
import { forgetIndexes, queryResult, requiredIndex, type Query } from './query.ts';
import { canRead, canWrite, isIndexed } from './rules/evaluate.ts';
import type { Rules } from './rules/parse.ts';
import { hasServerValues, resolveServerValues } from './server-values.ts';
import { childOf, getIn, InvalidDataError, normalize, setIn, type Node } from './tree.ts';

/** A committed change, as listeners (streams, the write-ahead log) see it. */
export interface Change {
  ns: string;
  kind: 'set' | 'update';
  /** The request's location (a PATCH's keys are relative to it). */
  base: string[];
  writes: Write[];
  /** The value each write replaced, in the same order. */
  previous: Node[];
}

export type ChangeListener = (change: Change) => void;

/** 412 answer: the current value and its ETag. */
export class PreconditionFailed extends Error {
  readonly value: Node;
  readonly etag: string;
  constructor(value: Node, etag: string) {
    super('ETag mismatch');
    this.name = 'PreconditionFailed';
    this.value = value;
    this.etag = etag;
  }
}

function ruleCaller(caller: Caller, now: number) {
  return { auth: caller.kind === 'user' ? caller.auth : null, now };
}

export class Database {
  readonly #trees = new Map<string, Node>();
  readonly #listeners = new Set<ChangeListener>();
  rules: Rules;

  constructor(rules: Rules) {
    this.rules = rules;
  }

  namespaces(): string[] {
    return [...this.#trees.keys()];
  }

  root(ns: string): Node {
    return this.#trees.get(ns) ?? null;
  }

  /** Replaces a whole namespace (loading a snapshot). */
  load(ns: string, root: Node): void {
    this.#trees.set(ns, root);
  }

  get(ns: string, path: readonly string[]): Node {
    return getIn(this.root(ns), path);
  }

  onChange(listener: ChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** True when the caller may read `path` with `query`. */
  mayRead(ns: string, path: readonly string[], caller: Caller, query?: Query): boolean {
    if (caller.kind === 'admin') return true;
    return canRead(this.rules.root, this.root(ns), path, ruleCaller(caller, Date.now()), query);
  }

  /** A read as the REST API answers it, with rules and `.indexOn` enforced. */
  read(ns: string, path: string[], caller: Caller, query?: Query): Node {
    if (!this.mayRead(ns, path, caller, query)) throw new DatabaseError(401, PERMISSION_DENIED);
    if (query) {
      this.assertIndexed(path, query);
      return queryResult(this.get(ns, path), query);
    }
    return this.get(ns, path);
  }

  /** Production refuses ordering by a child or by value without a declared index. */
  assertIndexed(path: readonly string[], query: Query): void {
    const index = requiredIndex(query.orderBy);
    if (index !== null && !isIndexed(this.rules.root, path, index))
      throw new DatabaseError(
        400,
        `Index not defined, add ".indexOn": "${index}", for path "${joinPath(path)}", to the rules`,
      );
  }

  /**
   * Checks and applies a PUT/POST/DELETE (`set`) or a PATCH (`update`) of parsed request JSON.
   * Returns the writes as applied (server values resolved). Throws DatabaseError, InvalidDataError or
   * PreconditionFailed; nothing is applied then.
   */
  write(
    ns: string,
    kind: 'set' | 'update',
    path: string[],
    raw: unknown,
    caller: Caller,
    ifMatch?: string,
  ): Write[] {
    const now = Date.now();
    const root = this.root(ns);
    const resolve = (value: unknown, at: string[]): Node => {
      const resolved = hasServerValues(value)
        ? resolveServerValues(value, now, (relative) => getIn(root, [...at, ...relative]))
        : value;
      return normalize(resolved);
    };
    let writes: Write[];
    if (kind === 'set') writes = [{ path, value: resolve(raw, path) }];
    else {
      if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
        throw new DatabaseError(400, INVALID_JSON);
      writes = [];
      for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
        const relative = splitPath(key);
        if (relative === null || relative.length === 0) throw new InvalidDataError('invalid key', key);
        const at = [...path, ...relative];
        writes.push({ path: at, value: resolve(value, at) });
      }
      for (let i = 0; i < writes.length; i++)
        for (let j = 0; j < writes.length; j++)
          if (i !== j && isPrefix((writes[i] as Write).path, (writes[j] as Write).path))
            throw new DatabaseError(
              400,
              `Invalid data; path ${joinPath((writes[i] as Write).path)} is an ancestor of ${joinPath((writes[j] as Write).path)} in the same update`,
            );
    }
    if (caller.kind !== 'admin' && !canWrite(this.rules.root, root, writes, ruleCaller(caller, now)))
      throw new DatabaseError(401, PERMISSION_DENIED);
    if (ifMatch !== undefined) {
      const current = getIn(root, path);
      const etag = etagOf(current);
      if (etag !== ifMatch) throw new PreconditionFailed(current, etag);
    }
    this.apply(ns, kind, path, writes);
    return writes;
  }

  /** Applies writes without checks (the log replays through here) and tells the listeners. */
  apply(ns: string, kind: 'set' | 'update', base: string[], writes: Write[]): void {
    let root = this.root(ns);
    const previous: Node[] = [];
    for (const write of writes) {
      previous.push(getIn(root, write.path));
      // every object on the written path changes in place: cached query orders over it are stale
      let node = root;
      forgetIndexes(node);
      for (const key of write.path) {
        node = childOf(node, key);
        if (node === null) break;
        forgetIndexes(node);
      }
      root = setIn(root, write.path, write.value);
    }
    this.#trees.set(ns, root);
    if (this.#listeners.size === 0) return;
    const change: Change = { ns, kind, base, writes, previous };
    for (const listener of this.#listeners) listener(change);
  }
}
