import { hasSessionCookie } from '../../shared/session-cookie.ts';
import { loadAuthService, provideAuthService } from '../auth/auth-service.ts';
import { provideBrowserCapabilities } from '../components/browser-capabilities.ts';

/**
 * Lends the modules that also render on the server (pages, components, the auth guard) what only the
 * browser has: the auth service and the API client, each loaded on first use so that a page's first
 * JavaScript carries neither the auth SDK nor the client. Called once by the entry, before hydrating.
 */
export function installBrowserServices(): void {
  provideAuthService(() => import('./auth/firebase-auth-service.ts').then((module) => module.authService()));
  provideBrowserCapabilities({
    hasSession: () => hasSessionCookie(document.cookie),
    callApi: (call) => import('./api-client.ts').then((module) => module.callApi(call)),
    signOut: () => loadAuthService().then((auth) => auth.signOut()),
  });
}
