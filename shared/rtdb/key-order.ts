// The order the database gives keys (`orderBy="$key"`): keys that parse as 32-bit integers first,
// numerically, then every other key as a string. A writer that reads records by key range (a batch's
// first to last key) has to sort the batch the same way, or a game like `1849` falls outside the range.
// https://firebase.google.com/docs/database/rest/retrieve-data#section-rest-ordered-data

const INTEGER_KEY = /^-?(?:0|[1-9]\d*)$/;

/** The number a key stands for when the database orders it as an integer, else null. */
function integerKey(key: string): number | null {
  if (!INTEGER_KEY.test(key) || key === '-0') return null;
  const n = Number(key);
  return n >= -2147483648 && n <= 2147483647 ? n : null;
}

/** Compares two keys in the database's key order (negative when `a` comes first). */
export function compareKeys(a: string, b: string): number {
  if (a === b) return 0;
  const ia = integerKey(a);
  const ib = integerKey(b);
  if (ia !== null && ib !== null) return ia - ib;
  if (ia !== null) return -1;
  if (ib !== null) return 1;
  return a < b ? -1 : 1;
}
