import { useSyncExternalStore } from 'react';
import { hasSessionCookie } from '../../shared/session-cookie.ts';

// The only browser global read here; typed locally because the components using this also render on
// the server (type-checked for the Worker, without the DOM).
const browser = globalThis as { document?: { cookie: string } };

const noSubscription = () => () => undefined;
/** Read again on every render of the component using it (e.g. the header, on every navigation). */
const sessionInBrowser = () => hasSessionCookie(browser.document?.cookie ?? '');
/** The server renders every public page alike for everyone (so it can be cached): no session. */
const noSessionOnServer = () => false;

/**
 * Whether the browser holds a session: false on the server and during hydration, so the HTML matches;
 * the real answer right after, without loading the auth SDK.
 */
export function useBrowserSession(): boolean {
  return useSyncExternalStore(noSubscription, sessionInBrowser, noSessionOnServer);
}
