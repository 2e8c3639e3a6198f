// Firebase key and path rules: https://firebase.google.com/docs/database/web/structure-data
// Keys must be UTF-8, at most 768 bytes, and may not contain . $ # [ ] / or ASCII control characters.

const MAX_KEY_BYTES = 768;

/** True when `key` may name a child in the database. */
export function isValidKey(key: string): boolean {
  if (key.length === 0) return false;
  if (key.length > MAX_KEY_BYTES / 3 && Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) return false;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c < 32 || c === 127) return false;
    // . $ # [ ] /
    if (c === 46 || c === 36 || c === 35 || c === 91 || c === 93 || c === 47) return false;
  }
  return true;
}

/** Splits a slash-separated path into validated segments; null when a segment is not a valid key. */
export function splitPath(path: string): string[] | null {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '') continue;
    if (!isValidKey(part)) return null;
    out.push(part);
  }
  return out;
}

/** "/a/b" for ["a","b"], "/" for the root. */
export function joinPath(segments: readonly string[]): string {
  return segments.length === 0 ? '/' : '/' + segments.join('/');
}

/** True when `prefix` is an ancestor of, or equal to, `path`. */
export function isPrefix(prefix: readonly string[], path: readonly string[]): boolean {
  if (prefix.length > path.length) return false;
  for (let i = 0; i < prefix.length; i++) if (prefix[i] !== path[i]) return false;
  return true;
}

const INTEGER_KEY = /^-?(?:0|[1-9]\d*)$/;

/** Integer-like keys (32-bit, canonical form) sort numerically before all other keys, as in Firebase. */
export function integerKey(key: string): number | null {
  if (!INTEGER_KEY.test(key) || key === '-0') return null;
  const n = Number(key);
  return n >= -2147483648 && n <= 2147483647 ? n : null;
}

/** Firebase's key order: integer-like keys numerically first, then strings by code unit. */
export function compareKeys(a: string, b: string): number {
  if (a === b) return 0;
  const ia = integerKey(a);
  const ib = integerKey(b);
  if (ia !== null && ib !== null) return ia - ib || a.length - b.length;
  if (ia !== null) return -1;
  if (ib !== null) return 1;
  return a < b ? -1 : 1;
}
