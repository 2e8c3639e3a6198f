import { useSyncExternalStore } from 'react';
import { hasSession } from './browser-capabilities.ts';
import { followSession } from './session-channel.ts';

// The session hook apart from the capabilities (browser-capabilities.ts): a module that renders nothing
// (the live feed) calls the API without importing React, so React is reached by exactly the chunks that
// reach React Router and ships in their chunk, not as one more file of every page's first load.

/** The server renders every public page alike for everyone (so it can be cached): no session. */
const noSessionOnServer = () => false;

/**
 * Whether the browser holds a session: false on the server and during hydration, so the HTML matches;
 * the real answer right after (read again on every render, e.g. the header's on every navigation, and
 * whenever any tab signs in or out), without loading the auth SDK.
 */
export function useBrowserSession(): boolean {
  return useSyncExternalStore(followSession, hasSession, noSessionOnServer);
}
