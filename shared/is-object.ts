/**
 * Whether `value` is a JSON object (not null, not an array): what a database record or an untyped answer
 * is checked with before its fields are read, where a zod schema would be more than the question needs.
 */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
