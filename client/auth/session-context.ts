import { createContext, redirect } from 'react-router';
import type { BrowsePageData } from '../../shared/api/browse-page.ts';
import { callApi } from '../components/browser-capabilities.ts';
import { loadAuthService } from './auth-service.ts';

/**
 * The guarded page (browse) for whoever is looking, answered by the server from the session cookie or by
 * the browser from its auth state: the page's bundle, or a redirect Response thrown for the guard.
 */
export interface SessionSource {
  browsePage(request: Request): Promise<BrowsePageData>;
}

/** Where a browse address the catalogue cannot show (an unknown parameter value) goes: the browse start. */
export const BROWSE_START = '/browse';

/**
 * The browse guard in the browser (spec section 2): the current user when logged in or in public mode;
 * otherwise wait for the auth state, try the installed app's own sign-in, and on failure go to login
 * carrying the requested path for afterwards.
 */
export const browserSessionSource: SessionSource = {
  async browsePage(request) {
    const url = new URL(request.url);
    const auth = await loadAuthService();
    const loggedIn = () => auth.state.loggedIn;
    if (!loggedIn() && !auth.publicAppMode) {
      await auth.state.ready();
      if (!loggedIn()) await auth.tryInstalledAppLogin();
    }
    // react-router's way: a thrown Response redirects.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (!loggedIn()) throw redirect(`/login?next=${encodeURIComponent(url.pathname + url.search)}`);
    try {
      return await callApi((api) => api.browse.$get({ query: Object.fromEntries(url.searchParams) }));
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      if (status === 401) throw redirect(`/login?next=${encodeURIComponent(url.pathname + url.search)}`);
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      if (status === 400 && url.search !== '') throw redirect(BROWSE_START);
      throw error;
    }
  },
};

/** Without a server source (nothing proves who is looking), the server sends the visitor to the root. */
const serverWithoutSession: SessionSource = {
  browsePage() {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
    return Promise.reject(redirect('/'));
  },
};

/** Set by the Worker for each render (worker/browse/session-source.ts); the browser's guard otherwise. */
export const sessionContext = createContext<SessionSource>(
  'document' in globalThis ? browserSessionSource : serverWithoutSession,
);
