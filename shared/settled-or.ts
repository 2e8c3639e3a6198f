/** The settled value, or `fallback` (with the failure logged) when it was rejected. */
export function settledOr<T, F>(result: PromiseSettledResult<T>, fallback: F, what: string): T | F {
  if (result.status === 'fulfilled') return result.value;
  console.error(`Loading ${what} failed`, result.reason);
  return fallback;
}
