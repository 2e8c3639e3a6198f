import type { ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { ApiErrorCode } from '../../shared/errors.ts';
import type { ApiClient } from '../browser/api-routes.ts';

// What only the browser can do, lent to the components by the browser entry
// (client/browser/browser-services.ts), so that components never import the browser's runtime modules:
// they also render on the server, where none of this exists.

/** What a call of the API answers on success: its route's answer for a 2xx status (null for a 204). */
export type ApiAnswer<R> =
  R extends ClientResponse<infer T, infer Status, infer Format>
    ? Status extends SuccessStatusCode
      ? Format extends 'json'
        ? T
        : null
      : never
    : never;

/** A call of the API: `call` picks the endpoint on the typed client and sends it. */
export type ApiCall = <R extends ClientResponse<unknown>>(
  call: (api: ApiClient) => Promise<R>,
) => Promise<ApiAnswer<R>>;

/** How a call fails: the answer's status and its code from the shared union. */
export interface ApiFailure {
  status: number;
  code: ApiErrorCode;
  /**
   * The answer's words, when it had any. Pages show the catalogue's words for the code
   * (client/auth/auth-errors.ts), so the browser needs no copy of them to fail.
   */
  message?: string | undefined;
  /** One message per invalid field, for `invalid-input`. */
  fields?: Record<string, string> | undefined;
}

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
export const callApi: ApiCall = (call) => {
  if (!capabilities) return Promise.reject(new Error('No API client on the server'));
  return capabilities.callApi(call);
};

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
