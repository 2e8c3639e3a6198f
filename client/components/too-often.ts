import type { ApiFailure } from './browser-capabilities.ts';

/**
 * The API's words when a member goes faster than the abuse limits allow (429 `too-many-requests`), so a
 * control asks them to wait instead of telling them to try again at once; undefined for any other failure.
 */
export function tooOftenMessage(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  return (error as Partial<ApiFailure>).code === 'too-many-requests' ? error.message : undefined;
}
