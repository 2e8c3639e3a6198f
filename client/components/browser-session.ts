import { useSyncExternalStore } from 'react';
import { SESSION_CHANNEL } from '../../shared/session-cookie.ts';
import { hasSession } from './browser-capabilities.ts';

// The session hook apart from the capabilities (browser-capabilities.ts): a module that renders nothing
// (the live feed) calls the API without importing React, so React is reached by exactly the chunks that
// reach React Router and ships in their chunk, not as one more file of every page's first load.

/**
 * What this hook uses of the browser's BroadcastChannel, typed here (client/ is type-checked without the
 * DOM too): the channel client/auth/session-channel.ts announces on, only listened to, since the auth
 * layer builds on the components and not the other way round.
 */
interface SessionChannelListened {
  addEventListener(type: 'message', listener: () => void): void;
  removeEventListener(type: 'message', listener: () => void): void;
}

let channel: SessionChannelListened | undefined;

/**
 * Reads the session again whenever a tab of this browser signs in or out (client/auth/session-channel.ts):
 * the cookie is the browser's, so every tab follows without loading the auth SDK. Only in the browser:
 * React subscribes after hydrating, never on the server.
 */
function followSessionChanges(onChange: () => void): () => void {
  channel ??= new (
    globalThis as unknown as { BroadcastChannel: new (name: string) => SessionChannelListened }
  ).BroadcastChannel(SESSION_CHANNEL);
  channel.addEventListener('message', onChange);
  return () => {
    channel?.removeEventListener('message', onChange);
  };
}

/** The server renders every public page alike for everyone (so it can be cached): no session. */
const noSessionOnServer = () => false;

/**
 * Whether the browser holds a session: false on the server and during hydration, so the HTML matches;
 * the real answer right after (read again on every render, e.g. the header's on every navigation, and
 * whenever any tab signs in or out), without loading the auth SDK.
 */
export function useBrowserSession(): boolean {
  return useSyncExternalStore(followSessionChanges, hasSession, noSessionOnServer);
}
