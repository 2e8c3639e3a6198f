// Which database the command-line tools (import, seed) talk to, and as whom.
//
// Locally (the default, http://127.0.0.1:9000): the project's emulator, namespace
// questline-demo-default-rtdb, with the emulator's owner credential.
// In production: FIREBASE_DATABASE_URL (or --database-url) and either a service-account key file in
// GOOGLE_APPLICATION_CREDENTIALS (access tokens are minted from it, as the Worker does) or a ready Google
// OAuth2 access token with the Realtime Database scopes in FIREBASE_ACCESS_TOKEN
// (e.g. `gcloud auth print-access-token`).

import { readFile } from 'node:fs/promises';
import { googleAccessToken } from '../shared/rtdb/google-access-token.ts';
import { createRtdbClient, type RtdbClient, type RtdbCredential } from '../shared/rtdb/rest-client.ts';

export const DEFAULT_DATABASE_URL = 'http://127.0.0.1:9000';
export const DEFAULT_NAMESPACE = 'questline-demo-default-rtdb';

export interface ConnectionOptions {
  databaseUrl?: string | undefined;
  namespace?: string | undefined;
}

export interface Connection {
  databaseUrl: string;
  namespace: string | undefined;
  credential: RtdbCredential;
}

/** A database on this machine: the emulator, reached with its owner credential. */
export function isLocalDatabase(url: string): boolean {
  const host = new URL(url).hostname;
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]' || host === '::1';
}

/** Resolves flags and environment into a connection; throws when production has no credential. */
export function resolveConnection(
  options: ConnectionOptions,
  env: NodeJS.ProcessEnv = process.env,
): Connection {
  const databaseUrl = options.databaseUrl ?? env.FIREBASE_DATABASE_URL ?? DEFAULT_DATABASE_URL;
  if (isLocalDatabase(databaseUrl)) {
    return {
      databaseUrl,
      namespace: options.namespace ?? DEFAULT_NAMESPACE,
      credential: { kind: 'emulatorOwner' },
    };
  }
  const keyFile = env.GOOGLE_APPLICATION_CREDENTIALS;
  if (keyFile) {
    return {
      databaseUrl,
      namespace: options.namespace,
      credential: {
        kind: 'accessToken',
        getToken: async () => googleAccessToken(await readFile(keyFile, 'utf8')),
      },
    };
  }
  const token = env.FIREBASE_ACCESS_TOKEN;
  if (!token) {
    throw new Error(
      `No credential for ${new URL(databaseUrl).host}: set GOOGLE_APPLICATION_CREDENTIALS to a service-account ` +
        'key file, or FIREBASE_ACCESS_TOKEN to an OAuth2 access token with the Realtime Database scopes ' +
        '(e.g. `gcloud auth print-access-token`).',
    );
  }
  return {
    databaseUrl,
    namespace: options.namespace,
    credential: { kind: 'accessToken', getToken: () => Promise.resolve(token) },
  };
}

export function connect(options: ConnectionOptions, env: NodeJS.ProcessEnv = process.env): RtdbClient {
  const connection = resolveConnection(options, env);
  return createRtdbClient({
    databaseUrl: connection.databaseUrl,
    ...(connection.namespace ? { namespace: connection.namespace } : {}),
    credential: connection.credential,
  });
}
