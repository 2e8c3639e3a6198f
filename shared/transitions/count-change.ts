import { serverIncrement, type ServerIncrement } from '../rtdb/server-values.ts';

/**
 * How a count moves: a server increment (exact under concurrent writers), except that a decrement of a
 * count read as zero or less (data damaged by hand or an import) sets it to zero instead of below.
 */
export function countChange(up: boolean, current: number | null): ServerIncrement | 0 {
  if (up) return serverIncrement(1);
  return current !== null && current > 0 ? serverIncrement(-1) : 0;
}
