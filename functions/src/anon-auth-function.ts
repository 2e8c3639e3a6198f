import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import { RtdbError, type RtdbClient } from '../../shared/rtdb/rest-client.ts';
import type { DeviceSignInAnswer } from '../../shared/schemas/device-sign-in.ts';
import {
  anonAuth,
  anonAuthRequestSchema,
  DeviceCredentialRefused,
  type AuthAdmin,
} from './installed-app-logins.ts';
import { fail, postBody } from './post-body.ts';
import { isWorkerPost } from './worker-only.ts';

// The `anon-auth` function's HTTP side (deployed from index.ts): only the Worker may call it, since the
// Worker is where new guests are counted per visitor's address (POST /api/functions/anon-auth,
// worker/api/device-sign-in.ts). A call without the Worker's secret is refused before its body is read
// and creates nothing.

export interface AnonAuthFunctionOptions {
  database: () => RtdbClient;
  auth: () => AuthAdmin;
  /** The secret the Worker sends (WORKER_FUNCTIONS_SECRET), asked for on each call. */
  workerSecret: () => string;
  /** The time of the sign-in (ms): the machine's unless a test fixes it. */
  now?: () => number;
}

/** The request handler: 405 for another method, 403 without the Worker's secret, then the sign-in. */
export function anonAuthHandler(options: AnonAuthFunctionOptions) {
  const now = options.now ?? Date.now;
  return async (request: Request, response: Response): Promise<void> => {
    if (!isWorkerPost(request, response, options.workerSecret())) return;
    const body = postBody(request, response, anonAuthRequestSchema);
    if (!body) return;
    try {
      const { success, token, accessKey } = await anonAuth(options.database(), options.auth(), body, now());
      // The device keeps `accessKey` in place of the one it sent: every use rotates the key.
      const answer: DeviceSignInAnswer = { success, token, accessKey };
      response.json(answer);
    } catch (error) {
      if (error instanceof DeviceCredentialRefused) {
        fail(response, 403, 'access-denied');
        return;
      }
      console.error('anon-auth failed', error);
      // The database failed, timed out or could not be reached: worth trying again shortly.
      if (error instanceof RtdbError && error.status >= 500) {
        response.set('Retry-After', '5');
        fail(
          response,
          503,
          'unavailable',
          'Signing in is not available just now. Please try again in a moment.',
        );
        return;
      }
      fail(response, 500, 'default');
    }
  };
}
