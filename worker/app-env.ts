import type { JWTVerifyGetKey } from 'jose';
import type { StaticHandler } from 'react-router';
import type { Database } from './database.ts';

/** A caller proven by a verified Firebase ID token. */
export interface VerifiedUser {
  uid: string;
  /** The raw ID token, passed on to the database so its rules apply to the user's own reads. */
  idToken: string;
  claims: Record<string, unknown>;
}

/** The Worker's Hono environment: bindings from wrangler.toml (`Env`, generated) and per-request values. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    database: Database;
    user: VerifiedUser | undefined;
    /** The keys ID tokens are checked against: Google's securetoken key set unless a test passes its own. */
    idTokenKeys: JWTVerifyGetKey | undefined;
    /** The time (ms since the epoch) for token expiry and cache freshness: Date.now unless a test fixes it. */
    clock: () => number;
    /** How long a call to a function (search, the home feed) may take: the spec's 70 s unless a test waits less. */
    functionsTimeoutMs: number;
    /** The pages (react-router's static handler of the route table), for the server render and /api/pages. */
    pages: StaticHandler;
    /**
     * This page's address was found missing lately (worker/edge-cache.ts, recently-missing.ts): its loader
     * may read what says whether it exists before what it would show.
     */
    addressRecentlyMissing: boolean | undefined;
  };
}

/** The environment after requireUser (worker/auth/require-user.ts): handlers behind it have a user. */
export type SignedInEnv = AppEnv & { Variables: { user: VerifiedUser } };
