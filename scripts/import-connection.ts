// Which database the command-line tools (import, seed) talk to, and as whom. The credential is chosen
// by shared/rtdb/database-credential.ts, as for the Worker and the functions; this reads the flags and
// environment into its settings.
//
// Locally (the default, http://127.0.0.1:9000): the project's emulator, namespace
// questline-demo-default-rtdb, with the emulator's owner credential.
// In production: FIREBASE_DATABASE_URL (or --database-url) and either a service-account key file in
// GOOGLE_APPLICATION_CREDENTIALS (access tokens are minted from it, as the Worker does) or a ready Google
// OAuth2 access token with the Realtime Database scopes in FIREBASE_ACCESS_TOKEN
// (e.g. `gcloud auth print-access-token`).

import { readFile } from 'node:fs/promises';
import {
  serverCredential,
  type AccessTokenSource,
  type ServerCredentialSettings,
} from '../shared/rtdb/database-credential.ts';
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
  return host === 'localhost' || host === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/** The tools' flags and environment, as the shared credential decision reads them. */
export function serverCredentialSettings(
  databaseUrl: string,
  env: NodeJS.ProcessEnv,
): ServerCredentialSettings {
  if (isLocalDatabase(databaseUrl)) return { emulator: true, databaseUrl };
  const keyFile = env.GOOGLE_APPLICATION_CREDENTIALS;
  const token = env.FIREBASE_ACCESS_TOKEN;
  let source: AccessTokenSource | undefined;
  if (keyFile) source = { kind: 'serviceAccount', json: () => readFile(keyFile, 'utf8') };
  else if (token) source = { kind: 'accessToken', getToken: () => Promise.resolve(token) };
  return {
    emulator: false,
    databaseUrl,
    source,
    howToProvide:
      'set GOOGLE_APPLICATION_CREDENTIALS to a service-account key file, or FIREBASE_ACCESS_TOKEN to an ' +
      'OAuth2 access token with the Realtime Database scopes (e.g. `gcloud auth print-access-token`).',
  };
}

/** Resolves flags and environment into a connection; throws when production has no credential. */
export function resolveConnection(
  options: ConnectionOptions,
  env: NodeJS.ProcessEnv = process.env,
): Connection {
  const databaseUrl = options.databaseUrl ?? env.FIREBASE_DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const local = isLocalDatabase(databaseUrl);
  return {
    databaseUrl,
    namespace: options.namespace ?? (local ? DEFAULT_NAMESPACE : undefined),
    credential: serverCredential(serverCredentialSettings(databaseUrl, env)),
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
