import { SESSION_CHANNEL } from '../../shared/session-cookie.ts';

// Every open tab of the site follows who is signed in, as on sites where signing out in one tab signs out
// all of them. The tab where someone signs in, up or out (or starts as a guest) says so on a
// BroadcastChannel once its session cookie and the auth SDK's stored user are written; the other tabs of
// this browser hear it: their header and member-only parts read the cookie again (browser-session.ts),
// the browse page asks its guard again, and an auth SDK loaded there stops trusting the user it held.
// One channel per tab: a channel never hears its own messages, so what this tab announces reaches its
// own header through `followSession`'s listeners directly, and the auth SDK and browse page, which
// listen for the others only (`hearSessionElsewhere`), never hear themselves.
// https://developer.mozilla.org/docs/Web/API/BroadcastChannel

/** What the session knows of the current user (client/auth/auth-state.ts). */
export interface SessionUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  /** A temporary guest (generated address). */
  guest: boolean;
}

/** What a tab tells the others: who is signed in now (null: nobody). */
interface SessionNews {
  user: SessionUser | null;
}

let channel: BroadcastChannel | undefined;
const opened = () => (channel ??= new BroadcastChannel(SESSION_CHANNEL));

/** This tab's own listeners to any change of session, here or in another tab. */
const sessionFollowers = new Set<() => void>();

/** Tells the other tabs (and this tab's header) who is signed in now, after this tab signed in or out. */
export function announceSession(user: SessionUser | null): void {
  opened().postMessage({ user } satisfies SessionNews);
  for (const follower of [...sessionFollowers]) follower();
}

/** Calls `listener` whenever another tab signs in or out; answers the way to stop. */
export function hearSessionElsewhere(listener: (user: SessionUser | null) => void): () => void {
  const heard = (event: MessageEvent<SessionNews>) => {
    listener(event.data.user);
  };
  opened().addEventListener('message', heard);
  return () => {
    opened().removeEventListener('message', heard);
  };
}

/** Calls `onChange` whenever this tab or another signs in or out; answers the way to stop. */
export function followSession(onChange: () => void): () => void {
  sessionFollowers.add(onChange);
  const stopHearing = hearSessionElsewhere(onChange);
  return () => {
    sessionFollowers.delete(onChange);
    stopHearing();
  };
}
