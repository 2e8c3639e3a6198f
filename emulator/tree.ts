// The JSON tree, held in Firebase's export format: inner nodes are objects whose children are real keys
// plus an optional ".priority"; a leaf with a priority is {".value": v, ".priority": p}. Empty objects
// never exist (writing null or {} deletes, and parents left empty disappear). Arrays are stored as
// objects keyed "0", "1", … and returned as arrays when Firebase would
// (https://firebase.blog/posts/2014/04/best-practices-arrays-in-firebase).

import { compareKeys, integerKey, isValidKey } from './keys.ts';

export type Leaf = boolean | number | string;
export type Node = null | Leaf | NodeObject;
export interface NodeObject {
  [key: string]: Node;
}
export type Priority = null | number | string;

export const PRIORITY = '.priority';
export const VALUE = '.value';

/** Thrown by `normalize` for data Firebase refuses; `key` is the offending key when there is one. */
export class InvalidDataError extends Error {
  readonly key: string | undefined;
  constructor(message: string, key?: string) {
    super(message);
    this.name = 'InvalidDataError';
    this.key = key;
  }
}

export function isObject(node: Node): node is NodeObject {
  return typeof node === 'object' && node !== null;
}

/** True for a leaf wrapped with its priority. */
function isWrappedLeaf(node: NodeObject): boolean {
  return VALUE in node;
}

/** Converts parsed request JSON (server values already resolved) into the stored form. */
export function normalize(input: unknown): Node {
  if (input === null || input === undefined) return null;
  switch (typeof input) {
    case 'boolean':
    case 'string':
      return input;
    case 'number':
      if (!Number.isFinite(input)) throw new InvalidDataError('Invalid data; numbers must be finite.');
      return input;
    case 'object':
      break;
    default:
      throw new InvalidDataError("Invalid data; couldn't parse JSON object, array, or value.");
  }
  if (Array.isArray(input)) {
    const out: NodeObject = {};
    let count = 0;
    for (let i = 0; i < input.length; i++) {
      const child = normalize(input[i]);
      if (child !== null) {
        out[String(i)] = child;
        count++;
      }
    }
    return count === 0 ? null : out;
  }
  const source = input as Record<string, unknown>;
  const out: NodeObject = {};
  let count = 0;
  let priority: Priority = null;
  let hasValue = false;
  let value: unknown = null;
  for (const key in source) {
    const raw = source[key];
    if (key === PRIORITY) {
      priority = normalizePriority(raw);
      continue;
    }
    if (key === VALUE) {
      hasValue = true;
      value = raw;
      continue;
    }
    if (!isValidKey(key)) throw new InvalidDataError('invalid key', key);
    const child = normalize(raw);
    if (child !== null) {
      out[key] = child;
      count++;
    }
  }
  if (hasValue) {
    if (count > 0) throw new InvalidDataError("Invalid data; couldn't parse JSON object, array, or value.");
    const leaf = normalize(value);
    if (leaf === null) return null;
    if (isObject(leaf)) {
      // {".value": {...}} is an object with a priority
      if (priority !== null) leaf[PRIORITY] = priority;
      return leaf;
    }
    return priority === null ? leaf : { [VALUE]: leaf, [PRIORITY]: priority };
  }
  if (count === 0) return null;
  if (priority !== null) out[PRIORITY] = priority;
  return out;
}

export function normalizePriority(raw: unknown): Priority {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' && Number.isFinite(raw)) return raw;
  throw new InvalidDataError('Invalid data; priority must be a string, a number or null.');
}

/** The child named `key`, or null. */
export function childOf(node: Node, key: string): Node {
  if (!isObject(node) || isWrappedLeaf(node) || key === PRIORITY) return null;
  return node[key] ?? null;
}

/** The node at `path` under `node`. */
export function getIn(node: Node, path: readonly string[], from = 0): Node {
  let cur = node;
  for (let i = from; i < path.length; i++) {
    if (!isObject(cur)) return null;
    cur = childOf(cur, path[i] as string);
  }
  return cur;
}

export function priorityOf(node: Node): Priority {
  if (!isObject(node)) return null;
  const p = node[PRIORITY];
  return p === undefined ? null : (p as Priority);
}

/**
 * `node` with its priority set to `priority` (null removes it), as `PUT /<path>/.priority.json` writes
 * it: a copy (children shared), never a change of `node`. Nothing stays nothing: a priority alone is no data.
 */
export function withPriority(node: Node, priority: Priority): Node {
  if (node === null) return null;
  const value = leafValue(node);
  if (!isObject(value)) return priority === null ? value : { [VALUE]: value, [PRIORITY]: priority };
  const copy: NodeObject = { ...value };
  if (priority === null) Reflect.deleteProperty(copy, PRIORITY);
  else copy[PRIORITY] = priority;
  return copy;
}

/** The leaf value without its priority wrapper; objects are returned as they are. */
export function leafValue(node: Node): Node {
  if (isObject(node) && isWrappedLeaf(node)) return node[VALUE] ?? null;
  return node;
}

/** Child keys (never ".priority"), in storage order. */
export function childKeys(node: Node): string[] {
  if (!isObject(node) || isWrappedLeaf(node)) return [];
  const keys = Object.keys(node);
  const at = keys.indexOf(PRIORITY);
  if (at >= 0) keys.splice(at, 1);
  return keys;
}

export function hasChildren(node: Node): boolean {
  if (!isObject(node) || isWrappedLeaf(node)) return false;
  for (const key in node) if (key !== PRIORITY) return true;
  return false;
}

/**
 * Sets `value` at `path` under `root`, copying the objects along `path` instead of changing them. Parents
 * left empty disappear; intermediate leaves are replaced by objects; deleting under a leaf or nothing
 * changes nothing.
 */
export function setInCopy(root: Node, path: readonly string[], value: Node, depth = 0): Node {
  if (depth === path.length) return value;
  const key = path[depth] as string;
  const base = isObject(root) && !isWrappedLeaf(root) ? root : null;
  if (base === null && value === null) return root;
  const next = setInCopy(base?.[key] ?? null, path, value, depth + 1);
  const obj: NodeObject = base ? { ...base } : {};
  if (next === null) {
    Reflect.deleteProperty(obj, key);
    return hasChildren(obj) ? obj : null;
  }
  obj[key] = next;
  return obj;
}

/** Structural equality of two stored nodes. */
export function deepEqual(a: Node, b: Node): boolean {
  if (a === b) return true;
  if (!isObject(a) || !isObject(b)) return false;
  let count = 0;
  for (const key in a) {
    count++;
    const other = b[key];
    if (other === undefined || !deepEqual(a[key] ?? null, other)) return false;
  }
  for (const _ in b) count--;
  return count === 0;
}

/** The value as the REST API returns it: priorities dropped, array-like objects turned into arrays. */
export function toPlain(node: Node): unknown {
  if (!isObject(node)) return node;
  if (isWrappedLeaf(node)) return node[VALUE];
  let changed = false;
  let allIntegers = true;
  let maxIndex = -1;
  let count = 0;
  const plain: Record<string, unknown> = {};
  for (const key in node) {
    if (key === PRIORITY) {
      changed = true;
      continue;
    }
    const child = node[key] as Node;
    const p = toPlain(child);
    if (p !== child) changed = true;
    plain[key] = p;
    count++;
    if (allIntegers) {
      const n = integerKey(key);
      if (n === null || n < 0) allIntegers = false;
      else if (n > maxIndex) maxIndex = n;
    }
  }
  // The SDKs' rule: all keys integers and more than half of the slots 0..max filled.
  if (allIntegers && count > 0 && maxIndex < 2 * count) {
    const arr: unknown[] = new Array<unknown>(maxIndex + 1).fill(null);
    for (const key in plain) arr[Number(key)] = plain[key];
    return arr;
  }
  return changed ? plain : node;
}

/** The value with priorities, as `format=export` returns it (keys in Firebase order). */
export function toExport(node: Node): unknown {
  if (!isObject(node)) return node;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(node).sort(compareKeys)) out[key] = toExport(node[key] ?? null);
  return out;
}

/** A deterministic serialisation (keys in Firebase order), used for ETags. */
export function canonicalJson(node: Node): string {
  if (!isObject(node)) return JSON.stringify(node);
  const keys = Object.keys(node).sort(compareKeys);
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    if (i > 0) out += ',';
    out += JSON.stringify(key) + ':' + canonicalJson(node[key] ?? null);
  }
  return out + '}';
}

/** JSON text of a plain value; undefined (never produced by the tree) becomes null. */
// JSON.stringify answers undefined for undefined, which its declared type hides.
const stringify: (value: unknown, replacer?: null, space?: number) => string | undefined = JSON.stringify;

export function jsonText(value: unknown, pretty = false): string {
  return (pretty ? stringify(value, null, 2) : stringify(value)) ?? 'null';
}
