import type { ApiFailure } from './browser-capabilities.ts';

// What a member reads when the API refuses a write, wherever the write is: the feed, the blocked and hidden
// lists, the library, a report. Apart from the feed's composer, so every part can use it without importing
// the feed (a report's dialog is imported by the feed).

/** The words a refused write shows: the API's own message for a 400, otherwise a plain sentence. */
export function refusalMessage(error: unknown, what: string): string {
  const failure = error instanceof Error ? (error as Partial<ApiFailure>) : {};
  if (failure.code === 'unauthenticated') return 'Please sign in again.';
  const fieldMessage = failure.fields ? Object.values(failure.fields)[0] : undefined;
  if (failure.status === 400 || failure.status === 403 || failure.status === 404)
    return fieldMessage ?? failure.message ?? `Could not ${what}.`;
  return `Could not ${what}. Please try again.`;
}
