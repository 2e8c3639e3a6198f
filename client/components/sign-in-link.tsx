import { NavLink } from 'react-router';
import { useBrowserSession } from './browser-session.ts';

/**
 * "Sign in", for visitors without a session. Public pages stay identical for every visitor on the
 * server; the link goes away right after hydration when the browser holds a session (the member's
 * account is under Browse), without loading the auth SDK.
 */
export function SignInLink() {
  const signedIn = useBrowserSession();
  return signedIn ? null : <NavLink to="/login">Sign in</NavLink>;
}
