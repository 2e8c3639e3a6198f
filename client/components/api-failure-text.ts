import type { ApiFailure } from './browser-capabilities.ts';

/**
 * What a person reads when the API refused or failed: its words, and the first field's reason. The
 * field's name is left out: it is an API key (`collections.0.games`), which means nothing to a reader.
 */
export function apiFailureText(error: unknown): string {
  const failure = error as Partial<ApiFailure>;
  const field = failure.fields ? Object.values(failure.fields)[0] : undefined;
  const base = failure.message ?? 'Something went wrong. Please try again.';
  return field ? `${base} ${field}` : base;
}
