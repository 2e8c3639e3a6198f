import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { SESSION_COOKIE } from '../../shared/session-cookie.ts';
import { createApp } from '../app.ts';
import { unsignedEmulatorToken } from '../auth/id-token-test-keys.ts';

/** An Auth-emulator-style ID token of a member signed in with a password. */
export const memberToken = (uid: string): string =>
  unsignedEmulatorToken(uid, { firebase: { sign_in_provider: 'password', identities: {} } });

export interface ApiCallInit {
  method?: string;
  /** Sends the member's token as `Authorization: Bearer`, as the browser's API client does. */
  uid?: string;
  /** Sends the member's token as the session cookie, as a page request does. */
  cookie?: string;
  /** Sends this ID token as `Authorization: Bearer` (a token of another shape than `uid`'s). */
  token?: string;
  /** The address Cloudflare reports the request came from (`CF-Connecting-IP`). */
  address?: string;
  json?: unknown;
}

/**
 * Requests to one app on `env` (a test database), in workerd, as a member (`uid`, `cookie`) or a visitor,
 * each waiting for the work it left behind (waitUntil) before answering.
 */
export function apiCaller(env: Env, app = createApp()) {
  return async function call(path: string, init: ApiCallInit = {}): Promise<Response> {
    const headers = new Headers();
    if (init.uid) headers.set('Authorization', `Bearer ${memberToken(init.uid)}`);
    if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
    if (init.cookie) headers.set('Cookie', `${SESSION_COOKIE}=${memberToken(init.cookie)}`);
    if (init.address) headers.set('CF-Connecting-IP', init.address);
    if (init.json !== undefined) headers.set('Content-Type', 'application/json');
    const ctx = createExecutionContext();
    const response = await app.request(
      `http://questline.test${path}`,
      {
        method: init.method ?? 'GET',
        headers,
        ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
      },
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return response;
  };
}
