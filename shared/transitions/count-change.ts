import { serverIncrement } from '../rtdb/server-values.ts';

/**
 * How a count moves: a server increment (exact under concurrent writers), except that a decrement of a
 * count read as zero or less (data damaged by hand or an import) sets it to zero instead of below.
 */
export function countChange(up: boolean, current: unknown): unknown {
  if (up) return serverIncrement(1);
  return typeof current === 'number' && current > 0 ? serverIncrement(-1) : 0;
}
