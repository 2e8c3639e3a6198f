import { INSTALL_AND_ANALYTICS_TIMEOUT_MS } from '../../shared/constants.ts';

// How long the browser waits for the Worker: the spec's installation and analytics timeout (section 9,
// 60 s) bounds every call the browser makes to /api (the typed client, the installed-app sign-in's
// functions, page data, search, the page-view beacon). A call past it fails with words for the member
// rather than a spinner that never ends. https://developer.mozilla.org/docs/Web/API/AbortSignal/timeout_static

/** How long any call of the browser to the API may take (spec section 9: 60 s). */
export const CALL_TIMEOUT_MS = INSTALL_AND_ANALYTICS_TIMEOUT_MS;

/** The signal that ends a call at its deadline; tests pass their own to end it when they choose. */
export type CallDeadline = () => AbortSignal;

/** A call's deadline: CALL_TIMEOUT_MS from now. */
export const callDeadline: CallDeadline = () => AbortSignal.timeout(CALL_TIMEOUT_MS);

/** What the member reads when the Worker did not answer in time. */
export const TIMED_OUT_MESSAGE = 'Questline took too long to answer. Check your connection and try again.';

/** Whether a call failed because its deadline passed (fetch rejects with the signal's TimeoutError). */
export function timedOut(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'TimeoutError';
}

/** The caller's own signal (a navigation, a newer search) and the deadline, whichever ends first. */
export function withDeadline(
  signal: AbortSignal | undefined,
  deadline: CallDeadline = callDeadline,
): AbortSignal {
  return signal ? AbortSignal.any([signal, deadline()]) : deadline();
}
