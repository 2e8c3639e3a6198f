import { createContext, redirect } from 'react-router';
import type { CurrentUserRecord } from '../../shared/auth/account-api.ts';
import { loadAuthService } from './auth-service.ts';

/** Who is looking at a guarded page (browse), answered by the server from the session cookie or by the browser. */
export interface SessionSource {
  /** The signed-in user's record, or a redirect Response thrown for the guard. */
  requireUser(request: Request): Promise<CurrentUserRecord>;
}

/**
 * The browse guard in the browser (spec section 2): the current user when logged in or in public mode;
 * otherwise wait for the auth state, try the installed app's own sign-in, and on failure go to login
 * carrying the requested path for afterwards.
 */
export const browserSessionSource: SessionSource = {
  async requireUser(request) {
    const url = new URL(request.url);
    const auth = await loadAuthService();
    const loggedIn = () => auth.state.loggedIn;
    if (!loggedIn() && !auth.publicAppMode) {
      await auth.state.ready();
      if (!loggedIn()) await auth.tryInstalledAppLogin();
    }
    const user = loggedIn() ? await auth.currentUser() : null;
    // react-router's way: a thrown Response redirects.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (!user) throw redirect(`/login?next=${encodeURIComponent(url.pathname + url.search)}`);
    return user;
  },
};

/** Without a server source (nothing proves who is looking), the server sends the visitor to the root. */
const serverWithoutSession: SessionSource = {
  requireUser() {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
    return Promise.reject(redirect('/'));
  },
};

/** Set by the Worker for each render (worker/auth/session-source.ts); the browser's guard otherwise. */
export const sessionContext = createContext<SessionSource>(
  'document' in globalThis ? browserSessionSource : serverWithoutSession,
);
