/** A query limit from the request, never more than the record query cap. */
export function cappedLimit(requested: number | undefined, cap: number): number {
  return Math.max(1, Math.min(requested ?? cap, cap));
}
