import { createRtdbClient, type RtdbClient, type RtdbRequestRecord } from '../shared/rtdb/rest-client.ts';
import { googleAccessToken } from '../shared/rtdb/google-access-token.ts';
import { usesEmulators } from './configuration.ts';

/** The database as the Worker reaches it: anonymously for public pages, as itself for writes. */
export interface Database {
  /** Reads with no credential: only what the rules make public. Public pages use this, so they are the same for everyone. */
  public: RtdbClient;
  /** The server credential: commits transitions after the Worker has checked who may do what. */
  server: RtdbClient;
  /** Reads on behalf of a signed-in user: the rules apply to them. */
  asUser(idToken: string): RtdbClient;
}

export { usesEmulators } from './configuration.ts';

/** The database clients for this environment. */
export function databaseFor(
  env: Env,
  options: { onDatabaseRequest?: (record: RtdbRequestRecord) => void; databaseFetch?: typeof fetch } = {},
): Database {
  const base = {
    databaseUrl: env.FIREBASE_DATABASE_URL,
    namespace: env.FIREBASE_DATABASE_NAMESPACE,
    ...(options.onDatabaseRequest ? { onRequest: options.onDatabaseRequest } : {}),
    ...(options.databaseFetch ? { fetch: options.databaseFetch } : {}),
  };
  const publicClient = createRtdbClient({ ...base, credential: { kind: 'anonymous' } });
  const serviceAccount = env.FIREBASE_SERVICE_ACCOUNT;
  const server = usesEmulators(env)
    ? publicClient.withCredential({ kind: 'emulatorOwner' })
    : publicClient.withCredential({
        kind: 'accessToken',
        getToken: () => {
          if (!serviceAccount) throw new Error('FIREBASE_SERVICE_ACCOUNT is not set');
          return googleAccessToken(serviceAccount);
        },
      });
  return {
    public: publicClient,
    server,
    asUser: (idToken) => publicClient.withCredential({ kind: 'idToken', token: idToken }),
  };
}
