// REST queries: orderBy with startAt/endAt/equalTo/limitToFirst/limitToLast, in Firebase's order
// (https://firebase.google.com/docs/database/rest/retrieve-data#section-rest-ordered-data):
// null < false < true < numbers < strings < objects, ties broken by key, and under "$key" the
// integer-like keys first, numerically.

import { DatabaseError } from './errors.ts';
import { compareKeys, splitPath } from './keys.ts';
import {
  childKeys,
  getIn,
  isObject,
  leafValue,
  priorityOf,
  type Leaf,
  type Node,
  type NodeObject,
} from './tree.ts';

export type OrderBy =
  { kind: 'key' } | { kind: 'value' } | { kind: 'priority' } | { kind: 'child'; path: string[]; raw: string };

export type Bound = null | Leaf;

export interface Query {
  orderBy: OrderBy;
  startAt?: Bound;
  endAt?: Bound;
  equalTo?: Bound;
  limitToFirst?: number;
  limitToLast?: number;
}

const QUERY_PARAMS = ['orderBy', 'startAt', 'endAt', 'equalTo', 'limitToFirst', 'limitToLast'] as const;

/** True when the URL carries any query parameter. */
export function hasQuery(params: URLSearchParams): boolean {
  return QUERY_PARAMS.some((name) => params.has(name));
}

/** Reads the query parameters of a REST request; undefined when there is no query. */
export function parseQuery(params: URLSearchParams): Query | undefined {
  if (!hasQuery(params)) return undefined;
  const rawOrderBy = params.get('orderBy');
  if (rawOrderBy === null)
    throw new DatabaseError(400, 'orderBy must be defined when other query parameters are defined');
  const orderByValue = parseJsonParam(rawOrderBy);
  if (typeof orderByValue !== 'string')
    throw new DatabaseError(400, 'orderBy must be a valid JSON encoded path');
  let orderBy: OrderBy;
  if (orderByValue === '$key') orderBy = { kind: 'key' };
  else if (orderByValue === '$value') orderBy = { kind: 'value' };
  else if (orderByValue === '$priority') orderBy = { kind: 'priority' };
  else {
    const path = splitPath(orderByValue);
    if (path === null || path.length === 0 || orderByValue.startsWith('$'))
      throw new DatabaseError(400, 'orderBy must be a valid JSON encoded path');
    orderBy = { kind: 'child', path, raw: path.join('/') };
  }
  const query: Query = { orderBy };
  for (const name of ['startAt', 'endAt', 'equalTo'] as const) {
    const raw = params.get(name);
    if (raw === null) continue;
    const value = parseJsonParam(raw);
    if (value !== null && typeof value === 'object')
      throw new DatabaseError(400, 'Constraint index field must be a JSON primitive');
    if (value === undefined) throw new DatabaseError(400, 'Constraint index field must be a JSON primitive');
    if (orderBy.kind === 'key' && typeof value !== 'string')
      throw new DatabaseError(400, `${name} must be a string when orderBy is "$key"`);
    query[name] = value as Bound;
  }
  if (query.equalTo !== undefined && (query.startAt !== undefined || query.endAt !== undefined))
    throw new DatabaseError(400, 'equalTo cannot be specified with startAt or endAt');
  for (const name of ['limitToFirst', 'limitToLast'] as const) {
    const raw = params.get(name);
    if (raw === null) continue;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n <= 0)
      throw new DatabaseError(400, `${name} must be a positive integer`);
    query[name] = n;
  }
  if (query.limitToFirst !== undefined && query.limitToLast !== undefined)
    throw new DatabaseError(400, 'limitToFirst and limitToLast cannot both be specified');
  return query;
}

function parseJsonParam(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

function typeRank(value: Node): number {
  if (value === null) return 0;
  if (value === false) return 1;
  if (value === true) return 2;
  if (typeof value === 'number') return 3;
  if (typeof value === 'string') return 4;
  return 5;
}

/** Firebase's order of two values (objects all equal). */
export function compareValues(a: Node, b: Node): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 3) return (a as number) - (b as number);
  if (ra === 4) return a === b ? 0 : (a as string) < (b as string) ? -1 : 1;
  return 0;
}

/** Priorities: none first, then numbers, then strings. */
function comparePriorities(a: Node, b: Node): number {
  const ra = a === null ? 0 : typeof a === 'number' ? 1 : 2;
  const rb = b === null ? 0 : typeof b === 'number' ? 1 : 2;
  if (ra !== rb) return ra - rb;
  if (ra === 1) return (a as number) - (b as number);
  if (ra === 2) return a === b ? 0 : (a as string) < (b as string) ? -1 : 1;
  return 0;
}

/** The value a child is ordered by. */
function sortValue(orderBy: OrderBy, child: Node): Node {
  switch (orderBy.kind) {
    case 'value':
      return leafValue(child);
    case 'priority':
      return priorityOf(child);
    case 'child': {
      const v = leafValue(getIn(child, orderBy.path));
      return isObject(v) ? v : v;
    }
    case 'key':
      return null;
  }
}

interface Entry {
  key: string;
  value: Node;
  child: Node;
}

// Sorted children per collection object and order, like the index production keeps for `.indexOn`.
// The tree changes objects in place, so `Database.apply` drops the entry of every object on a written
// path (`forgetIndexes`); anything below a collection changes only through such a path.
const indexCache = new WeakMap<object, Map<string, Entry[]>>();

/** Forgets the sorted children cached for `node` (called for every object on a written path). */
export function forgetIndexes(node: Node): void {
  if (isObject(node)) indexCache.delete(node);
}

function orderKey(orderBy: OrderBy): string {
  return orderBy.kind === 'child' ? `child:${orderBy.raw}` : orderBy.kind;
}

function sortedEntries(node: NodeObject, orderBy: OrderBy, compare: (a: Entry, b: Entry) => number): Entry[] {
  let byOrder = indexCache.get(node);
  const key = orderKey(orderBy);
  const cached = byOrder?.get(key);
  if (cached) return cached;
  const entries: Entry[] = [];
  for (const childKey of childKeys(node)) {
    const child = node[childKey] as Node;
    entries.push({ key: childKey, child, value: sortValue(orderBy, child) });
  }
  entries.sort(compare);
  if (!byOrder) indexCache.set(node, (byOrder = new Map<string, Entry[]>()));
  byOrder.set(key, entries);
  return entries;
}

/** Applies the query to the children of `node`: the matching children, in order. */
export function runQuery(node: Node, query: Query): [string, Node][] {
  if (!isObject(node)) return [];
  const { orderBy } = query;
  const compare =
    orderBy.kind === 'key'
      ? (a: Entry, b: Entry) => compareKeys(a.key, b.key)
      : orderBy.kind === 'priority'
        ? (a: Entry, b: Entry) => comparePriorities(a.value, b.value) || compareKeys(a.key, b.key)
        : (a: Entry, b: Entry) => compareValues(a.value, b.value) || compareKeys(a.key, b.key);
  const cmpBound = (e: Entry, bound: Bound): number => {
    if (orderBy.kind === 'key') return compareKeys(e.key, bound as string);
    if (orderBy.kind === 'priority') return comparePriorities(e.value, bound);
    return compareValues(e.value, bound);
  };
  const sorted = sortedEntries(node, orderBy, compare);
  // first index whose entry is not before `bound` (strict: not at or before it)
  const lowerBound = (bound: Bound, strict: boolean): number => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const c = cmpBound(sorted[mid] as Entry, bound);
      if (c < 0 || (strict && c === 0)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const { startAt, endAt, equalTo } = query;
  let from = 0;
  let to = sorted.length;
  if (equalTo !== undefined) {
    from = lowerBound(equalTo, false);
    to = lowerBound(equalTo, true);
  } else {
    if (startAt !== undefined) from = lowerBound(startAt, false);
    if (endAt !== undefined) to = lowerBound(endAt, true);
  }
  if (to < from) to = from;
  if (query.limitToFirst !== undefined) to = Math.min(to, from + query.limitToFirst);
  if (query.limitToLast !== undefined) from = Math.max(from, to - query.limitToLast);
  return sorted.slice(from, to).map((e) => [e.key, e.child]);
}

/** The query's result as a node (an object of the matching children, or null). */
export function queryResult(node: Node, query: Query): Node {
  const out: NodeObject = {};
  let any = false;
  for (const [key, child] of runQuery(node, query)) {
    out[key] = child;
    any = true;
  }
  return any ? out : null;
}

/** The index `.indexOn` must declare for this order ("height", ".value"), or null when none is needed. */
export function requiredIndex(orderBy: OrderBy): string | null {
  if (orderBy.kind === 'child') return orderBy.raw;
  if (orderBy.kind === 'value') return '.value';
  return null;
}
