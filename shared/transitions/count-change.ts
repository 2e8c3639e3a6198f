import { serverIncrement, type ServerIncrement } from '../rtdb/server-values.ts';

/**
 * How a count moves: a server increment (exact under concurrent writers), except that a decrement of a
 * count read as zero or less (data damaged by hand or an import) sets it to zero instead of below.
 */
export function countChange(up: boolean, current: number | null): ServerIncrement | 0 {
  if (up) return serverIncrement(1);
  return current !== null && current > 0 ? serverIncrement(-1) : 0;
}

/**
 * A count as a change leaves it, from the count read just before (null: none), as countChange moves it:
 * what a write answers without reading the count again. Unchanged when the request changed nothing.
 */
export function countAfter(changed: boolean, up: boolean, before: number | null): number {
  const current = before ?? 0;
  if (!changed) return current;
  if (up) return current + 1;
  return current > 0 ? current - 1 : 0;
}
