import { createRtdbClient, type RtdbClient, type RtdbRequestRecord } from '../shared/rtdb/rest-client.ts';
import { serverCredential, type ServerCredentialSettings } from '../shared/rtdb/database-credential.ts';
import { usesEmulators } from './configuration.ts';

/** The database as the Worker reaches it: anonymously for public pages, as itself for writes. */
export interface Database {
  /** Reads with no credential: only what the rules make public. Public pages use this, so they are the same for everyone. */
  public: RtdbClient;
  /** The server credential: commits transitions after the Worker has checked who may do what. */
  server: RtdbClient;
  /** Reads on behalf of a signed-in user: the rules apply to them. */
  asUser(idToken: string): RtdbClient;
  /**
   * Whether a request of this one failed for want of the database (down, timed out, garbled) or read a
   * value of the wrong shape (seen as absent): what was read is then a degraded page (spec section 8),
   * which the edge cache must not keep.
   */
  readonly failed: boolean;
}

export { usesEmulators } from './configuration.ts';

/**
 * How long one database request may take before the Worker gives up on it. Pages answer their degraded
 * form (spec section 8) and writes a 503 instead of holding the visitor while the database does not
 * answer; a healthy request takes milliseconds, a large multi-path write well under a second.
 */
export const DATABASE_REQUEST_TIMEOUT_MS = 10_000;

/** The database clients for this environment. */
export function databaseFor(
  env: Env,
  options: {
    onDatabaseRequest?: (record: RtdbRequestRecord) => void;
    databaseFetch?: typeof fetch;
    databaseTimeoutMs?: number;
  } = {},
): Database {
  let failed = false;
  const base = {
    databaseUrl: env.FIREBASE_DATABASE_URL,
    namespace: env.FIREBASE_DATABASE_NAMESPACE,
    timeoutMs: options.databaseTimeoutMs ?? DATABASE_REQUEST_TIMEOUT_MS,
    onUnavailable: () => {
      failed = true;
    },
    onWrongShape: () => {
      failed = true;
    },
    ...(options.onDatabaseRequest ? { onRequest: options.onDatabaseRequest } : {}),
    ...(options.databaseFetch ? { fetch: options.databaseFetch } : {}),
  };
  const publicClient = createRtdbClient({ ...base, credential: { kind: 'anonymous' } });
  let server: RtdbClient | undefined;
  return {
    public: publicClient,
    // Decided on first use, so public pages render even where the server credential is missing (the
    // configuration check answers 503 first in a deployed Worker).
    get server() {
      server ??= publicClient.withCredential(serverCredential(serverCredentialSettings(env)));
      return server;
    },
    asUser: (idToken) => publicClient.withCredential({ kind: 'idToken', token: idToken }),
    get failed() {
      return failed;
    },
  };
}

/** The Worker's environment, as the shared credential decision reads it. */
export function serverCredentialSettings(env: Env): ServerCredentialSettings {
  const databaseUrl = env.FIREBASE_DATABASE_URL;
  if (usesEmulators(env)) return { emulator: true, databaseUrl };
  const serviceAccount = env.FIREBASE_SERVICE_ACCOUNT;
  return {
    emulator: false,
    databaseUrl,
    source: serviceAccount
      ? { kind: 'serviceAccount', json: () => Promise.resolve(serviceAccount) }
      : undefined,
    howToProvide:
      'set the FIREBASE_SERVICE_ACCOUNT secret (npx wrangler secret put FIREBASE_SERVICE_ACCOUNT).',
  };
}
