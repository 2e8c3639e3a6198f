import type { ApiAnswer, ApiCall, ApiEndpoint, ApiRequest } from '../../shared/api/contract.ts';

// What only the browser can do, lent to the components by the browser entry
// (client/browser/browser-services.ts), so that components never import the browser's runtime modules:
// they also render on the server, where none of this exists.

/** The browser's capabilities the components use. */
export interface BrowserCapabilities {
  /** Whether the browser holds a session (the cookie the auth service keeps), without loading the auth SDK. */
  hasSession(): boolean;
  /** The JSON API (client/browser/api-client.ts), as the signed-in member where an endpoint needs one. */
  callApi: ApiCall;
  /** Ends the session (the auth service's sign-out, loading the auth SDK if it is not yet). */
  signOut(): Promise<void>;
}

let capabilities: BrowserCapabilities | undefined;

/** Called once by the browser entry, before hydrating. */
export function provideBrowserCapabilities(provided: BrowserCapabilities): void {
  capabilities = provided;
}

/** The API, in an effect or an event handler (never during a render: the server has none). */
export function callApi<E extends ApiEndpoint>(endpoint: E, request: ApiRequest<E>): Promise<ApiAnswer<E>> {
  if (!capabilities) return Promise.reject(new Error('No API client on the server'));
  return capabilities.callApi(endpoint, request);
}

/** Whether the browser holds a session; false on the server, where no browser lent its capabilities. */
export function hasSession(): boolean {
  return capabilities?.hasSession() ?? false;
}

/**
 * Signs the member out and takes them to the home page: the one way out, whether from the browse page's
 * button or the header's account menu, so both end the session the same way. In an event handler only.
 */
export function signOutAndGoHome(navigate: (to: string) => unknown): void {
  if (!capabilities) return;
  void capabilities.signOut().then(() => navigate('/'));
}
