import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import type { DeviceBindingAnswer } from '../../shared/schemas/device-sign-in.ts';
import {
  processLogin,
  processLoginRequestSchema,
  processLogout,
  processLogoutRequestSchema,
} from './installed-app-logins.ts';
import { fail, postBody, type BodySchema } from './post-body.ts';
import { isWorkerPost } from './worker-only.ts';

// The `process-login` and `process-logout` functions' HTTP side (deployed from index.ts). Each binds or
// unbinds a device credential for the caller's own account, and each call is a database write: only the
// Worker may call them (POST /api/functions/process-login and /process-logout, worker/api/
// device-bindings.ts), where a member's writes are counted (limitMemberWrites). A call without the
// Worker's secret is refused before its body or token is read, and writes nothing. The function still
// proves the caller itself from the ID token the Worker passes on: the secret says who may call, the
// token whose account it is.

export interface DeviceBindingFunctionOptions {
  database: () => RtdbClient;
  /** The uid a Firebase ID token proves (firebase-admin's verifyIdToken); throws for a token it refuses. */
  verifyIdToken: (token: string) => Promise<string>;
  /** The secret the Worker sends (WORKER_FUNCTIONS_SECRET), asked for on each call. */
  workerSecret: () => string;
  /** The time of the binding (ms): the machine's unless a test fixes it. */
  now?: () => number;
}

type DeviceBindingFunction = 'process-login' | 'process-logout';

/** The uid proven by the request's `Authorization: Bearer <ID token>`, or undefined. */
async function callerUid(
  request: Request,
  verifyIdToken: DeviceBindingFunctionOptions['verifyIdToken'],
): Promise<string | undefined> {
  const match = /^Bearer\s+(\S+)$/i.exec(request.get('Authorization') ?? '');
  if (!match?.[1]) return undefined;
  try {
    return await verifyIdToken(match[1]);
  } catch {
    return undefined;
  }
}

/** 405 for another method, 403 without the Worker's secret, 400 for a bad body, 401 without a member. */
function deviceBindingHandler<T>(
  name: DeviceBindingFunction,
  schema: BodySchema<T>,
  options: DeviceBindingFunctionOptions,
  handle: (uid: string, body: T) => Promise<DeviceBindingAnswer>,
) {
  return async (request: Request, response: Response): Promise<void> => {
    if (!isWorkerPost(request, response, options.workerSecret())) return;
    const body = postBody(request, response, schema);
    if (!body) return;
    const uid = await callerUid(request, options.verifyIdToken);
    if (!uid) {
      fail(response, 401, 'unauthenticated', 'Please sign in.');
      return;
    }
    try {
      response.json(await handle(uid, body));
    } catch (error) {
      console.error(`${name} failed`, error);
      fail(response, 500, 'default');
    }
  };
}

/** process-login: binds the device to the caller's account. */
export function processLoginHandler(options: DeviceBindingFunctionOptions) {
  const now = options.now ?? Date.now;
  return deviceBindingHandler('process-login', processLoginRequestSchema, options, (uid, body) =>
    processLogin(options.database(), uid, body, now()),
  );
}

/** process-logout: ends the device's binding to the caller's account. */
export function processLogoutHandler(options: DeviceBindingFunctionOptions) {
  return deviceBindingHandler('process-logout', processLogoutRequestSchema, options, (uid, body) =>
    processLogout(options.database(), uid, body),
  );
}
