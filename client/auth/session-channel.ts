import { SESSION_CHANNEL } from '../../shared/session-cookie.ts';
import type { SessionUser } from './auth-state.ts';

// Every open tab of the site follows who is signed in, as on sites where signing out in one tab signs out
// all of them. The tab where someone signs in, up or out (or starts as a guest) says so on a
// BroadcastChannel once its session cookie and the auth SDK's stored user are written; the other tabs of
// this browser hear it: their header and member-only parts read the cookie again (browser-session.ts),
// the browse page asks its guard again, and an auth SDK loaded there stops trusting the user it held.
// https://developer.mozilla.org/docs/Web/API/BroadcastChannel

/** What a tab tells the others: who is signed in now (null: nobody). */
interface SessionNews {
  user: SessionUser | null;
}

/** The browser's BroadcastChannel, typed apart: client/ is also type-checked without the DOM (worker/tsconfig.json). */
export interface SessionChannel {
  postMessage(news: SessionNews): void;
  addEventListener(type: 'message', listener: (event: { data: SessionNews }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: SessionNews }) => void): void;
}

/** The browser's BroadcastChannel constructor; only ever called in the browser. */
export type SessionChannelConstructor = new (name: string) => SessionChannel;

/** One channel per tab, shared by its auth service and its browse page: a tab never hears itself. */
let channel: SessionChannel | undefined;
const opened = () =>
  (channel ??= new (
    globalThis as unknown as { BroadcastChannel: SessionChannelConstructor }
  ).BroadcastChannel(SESSION_CHANNEL));

/** Tells the other tabs who is signed in now, after this tab signed in or out. */
export function announceSession(user: SessionUser | null): void {
  opened().postMessage({ user });
}

/** Calls `listener` whenever another tab signs in or out; answers the way to stop. */
export function hearSessionElsewhere(listener: (user: SessionUser | null) => void): () => void {
  const heard = (event: { data: SessionNews }) => {
    listener(event.data.user);
  };
  opened().addEventListener('message', heard);
  return () => {
    opened().removeEventListener('message', heard);
  };
}
