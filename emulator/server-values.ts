// Server values: {".sv": "timestamp"} and {".sv": {"increment": n}}, resolved anywhere in a write
// with one `now` per request. https://firebase.google.com/docs/reference/rest/database#section-server-values

import { DatabaseError } from './errors.ts';
import { leafValue, type Node } from './tree.ts';

const SV = '.sv';

/** Replaces server values in raw request JSON; `existing(path)` reads the current value for increments. */
export function resolveServerValues(
  raw: unknown,
  now: number,
  existing: (relativePath: readonly string[]) => Node,
  path: string[] = [],
): unknown {
  if (raw === null || typeof raw !== 'object') return raw;
  if (Array.isArray(raw)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < raw.length; i++) {
      const item: unknown = raw[i];
      const resolved = resolveServerValues(item, now, existing, [...path, String(i)]);
      if (resolved !== item) {
        copy ??= raw.slice();
        copy[i] = resolved;
      }
    }
    return copy ?? raw;
  }
  const obj = raw as Record<string, unknown>;
  if (SV in obj) return resolveOne(obj[SV], now, existing(path));
  let copy: Record<string, unknown> | null = null;
  for (const key in obj) {
    const child = obj[key];
    if (child === null || typeof child !== 'object') continue;
    const resolved = resolveServerValues(child, now, existing, [...path, key]);
    if (resolved !== child) {
      copy ??= { ...obj };
      copy[key] = resolved;
    }
  }
  return copy ?? obj;
}

function resolveOne(spec: unknown, now: number, current: Node): number {
  if (spec === 'timestamp') return now;
  if (spec !== null && typeof spec === 'object' && !Array.isArray(spec)) {
    const keys = Object.keys(spec);
    const delta = (spec as Record<string, unknown>)['increment'];
    if (keys.length === 1 && typeof delta === 'number' && Number.isFinite(delta)) {
      const value = leafValue(current);
      return typeof value === 'number' ? value + delta : delta;
    }
  }
  throw new DatabaseError(400, 'Invalid data; invalid server value.');
}

/** True when raw JSON contains a server value (so the caller needs the `existing` reader). */
export function hasServerValues(raw: unknown): boolean {
  if (raw === null || typeof raw !== 'object') return false;
  if (Array.isArray(raw)) return raw.some(hasServerValues);
  const obj = raw as Record<string, unknown>;
  if (SV in obj) return true;
  for (const key in obj) if (hasServerValues(obj[key])) return true;
  return false;
}
