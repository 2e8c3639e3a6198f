import { useSyncExternalStore } from 'react';
import { NavLink } from 'react-router';
import { hasSessionCookie } from '../../shared/session-cookie.ts';

// The only browser global read here; typed locally because this module also renders on the server.
const browser = globalThis as { document?: { cookie: string } };

const noSubscription = () => () => undefined;
/** Read again on every render of the header, i.e. on every navigation. */
const signedInInBrowser = () => hasSessionCookie(browser.document?.cookie ?? '');
/** The server renders every public page alike for everyone (so it can be cached): signed out. */
const signedOutOnServer = () => false;

/**
 * "Sign in", for visitors without a session. Public pages stay identical for every visitor on the
 * server; the link goes away right after hydration when the browser holds a session (the member's
 * account is under Browse), without loading the auth SDK.
 */
export function SignInLink() {
  const signedIn = useSyncExternalStore(noSubscription, signedInInBrowser, signedOutOnServer);
  return signedIn ? null : <NavLink to="/login">Sign in</NavLink>;
}
