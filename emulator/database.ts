// The database: one JSON tree per namespace, the rules, and the single place where writes are
// checked and applied. Everything here is synchronous, so a check (rules, if-match) and the write it
// guards can never interleave with another request: concurrent conditional writers cannot both win.

import type { Caller } from './auth.ts';
import { DatabaseError, INVALID_JSON, PERMISSION_DENIED } from './errors.ts';
import { etagOf } from './etag.ts';
import { isPrefix, joinPath, splitPath } from './keys.ts';
import { applyInOrder, groupWrites, mergeWrites, type Write } from './overlay.ts';
import { forgetIndexes, queryResult, requiredIndex, type Query } from './query.ts';
import { canRead, canWrite, isIndexed } from './rules/evaluate.ts';
import type { Rules } from './rules/parse.ts';
import { hasServerValues, resolveServerValues } from './server-values.ts';
import {
  getIn,
  InvalidDataError,
  normalize,
  normalizePriority,
  priorityOf,
  withPriority,
  type Node,
  type Priority,
} from './tree.ts';

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

/** The time in milliseconds since the epoch, as the emulator reads it (`Date.now` unless injected). */
export type Clock = () => number;

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

/** Orders paths segment by segment: an ancestor sorts right before its descendants ("a/b" < "a/b/c" < "a/bc"). */
export function comparePaths(a: readonly string[], b: readonly string[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i] as string;
    const y = b[i] as string;
    if (x !== y) return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

/**
 * Refuses an update in which one path is an ancestor of (or the same as) another, in O(n log n): sorted
 * by segments, the paths below a path follow it directly, so only neighbours need comparing. The error
 * names the same pair as comparing every path with every other would: the first path (in request
 * order) that is an ancestor of another, and the first such other path.
 */
export function assertNoOverlap(writes: readonly Write[]): void {
  if (writes.length < 2) return;
  const pathOf = (i: number): string[] => (writes[i] as Write).path;
  const order = writes.map((_, i) => i);
  order.sort((a, b) => comparePaths(pathOf(a), pathOf(b)) || a - b);
  let ancestor = -1;
  for (let k = 0; k + 1 < order.length; k++) {
    const a = order[k] as number;
    const b = order[k + 1] as number;
    if (!isPrefix(pathOf(a), pathOf(b))) continue;
    // equal paths are each other's ancestor; a proper ancestor sorts first
    const first = pathOf(a).length === pathOf(b).length ? Math.min(a, b) : a;
    if (ancestor < 0 || first < ancestor) ancestor = first;
  }
  if (ancestor < 0) return;
  let descendant = -1;
  for (let j = 0; j < writes.length && descendant < 0; j++)
    if (j !== ancestor && isPrefix(pathOf(ancestor), pathOf(j))) descendant = j;
  throw new DatabaseError(
    400,
    `Invalid data; path ${joinPath(pathOf(ancestor))} is an ancestor of ${joinPath(pathOf(descendant))} in the same update`,
  );
}

export class Database {
  readonly #trees = new Map<string, Node>();
  readonly #listeners = new Set<ChangeListener>();
  readonly #rulesListeners = new Set<() => void>();
  #rules: Rules;
  /** Server timestamps and the rules' `now` read this clock. */
  readonly clock: Clock;

  constructor(rules: Rules, clock: Clock = Date.now) {
    this.#rules = rules;
    this.clock = clock;
  }

  get rules(): Rules {
    return this.#rules;
  }

  /** Replaces the rules (`PUT /.settings/rules.json`) and tells the listeners, e.g. open streams. */
  set rules(rules: Rules) {
    this.#rules = rules;
    for (const listener of this.#rulesListeners) listener();
  }

  onRulesChange(listener: () => void): () => void {
    this.#rulesListeners.add(listener);
    return () => this.#rulesListeners.delete(listener);
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
    return canRead(this.rules.root, this.root(ns), path, ruleCaller(caller, this.clock()), query);
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
    const now = this.clock();
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
      assertNoOverlap(writes);
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

  /**
   * Checks and applies `PUT /<path>/.priority.json` (DELETE writes null): the location's priority
   * becomes `raw` (a number, a string or null), with the rules of the location itself, as if its whole
   * value had been written with that priority (https://firebase.google.com/docs/reference/rest/database#section-priorities).
   * `ifMatch` is compared with the ETag of the priority. Returns the priority as stored: null where
   * there is no data, since a priority alone is no data.
   */
  writePriority(ns: string, path: string[], raw: unknown, caller: Caller, ifMatch?: string): Priority {
    const priority = normalizePriority(raw);
    const root = this.root(ns);
    const current = getIn(root, path);
    const next = withPriority(current, priority);
    const writes: Write[] = [{ path, value: next }];
    if (caller.kind !== 'admin' && !canWrite(this.rules.root, root, writes, ruleCaller(caller, this.clock())))
      throw new DatabaseError(401, PERMISSION_DENIED);
    if (ifMatch !== undefined) {
      const etag = etagOf(priorityOf(current));
      if (etag !== ifMatch) throw new PreconditionFailed(priorityOf(current), etag);
    }
    this.apply(ns, 'set', path, writes);
    return priorityOf(next);
  }

  /**
   * Applies writes without checks (the log replays through here) and tells the listeners. The writes
   * are grouped by path and applied in one pass over the tree, in place: each object on a written path
   * is visited once (its cached query orders dropped once), however many writes lie below it.
   */
  apply(ns: string, kind: 'set' | 'update', base: string[], writes: Write[]): void {
    const root = this.root(ns);
    const previous = writes.map((write) => getIn(root, write.path));
    const trie = groupWrites(writes);
    const next =
      trie === null
        ? applyInOrder(root, writes) // overlapping writes: not from a PATCH, never in practice
        : mergeWrites(root, trie, { inPlace: true, touched: forgetIndexes });
    this.#trees.set(ns, next);
    if (this.#listeners.size === 0) return;
    const change: Change = { ns, kind, base, writes, previous };
    for (const listener of this.#listeners) listener(change);
  }
}
