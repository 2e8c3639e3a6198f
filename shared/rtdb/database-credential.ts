import { googleAccessToken } from './google-access-token.ts';
import type { RtdbCredential } from './rest-client.ts';

// The one place that decides as whom the server side (the Worker, the functions, the import and seed
// tools) writes to the database. Each runtime reads its own environment into these settings; the choice
// is made here, the same way for all of them.

/** Where a production server gets Google OAuth2 access tokens with the database scopes. */
export type AccessTokenSource =
  /** A service-account key (its JSON): tokens are minted from it (shared/rtdb/google-access-token.ts). */
  | { kind: 'serviceAccount'; json: () => Promise<string> }
  /** Tokens from elsewhere: the Admin SDK's application credential, `gcloud auth print-access-token`. */
  | { kind: 'accessToken'; getToken: () => Promise<string> };

/** What a runtime knows about its database and its credential. */
export type ServerCredentialSettings =
  /** The local emulator (the runtime has already checked that its settings say so, and only so). */
  | { emulator: true; databaseUrl: string }
  | {
      emulator: false;
      databaseUrl: string;
      /** Absent when the runtime was given none. */
      source: AccessTokenSource | undefined;
      /** How to give the missing credential, in this runtime's words (`set FIREBASE_SERVICE_ACCOUNT`). */
      howToProvide: string;
    };

/** The server has no credential for a production database: says which database and how to give one. */
export class MissingServerCredential extends Error {
  override readonly name = 'MissingServerCredential';
}

/** The names of this machine: only a database there can be the emulator. */
function isLoopback(databaseUrl: string): boolean {
  const { hostname } = new URL(databaseUrl);
  return hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}

/**
 * The server's credential for the database: the emulator's owner for the local emulator (never for a
 * database elsewhere, whatever the settings say), otherwise access tokens from the source given; a
 * production database without a source is a `MissingServerCredential`.
 */
export function serverCredential(settings: ServerCredentialSettings): RtdbCredential {
  if (settings.emulator) {
    if (!isLoopback(settings.databaseUrl))
      throw new Error(
        `Emulator settings for a database that is not on this machine (${new URL(settings.databaseUrl).host})`,
      );
    return { kind: 'emulatorOwner' };
  }
  const { source } = settings;
  if (!source)
    throw new MissingServerCredential(
      `No server credential for ${new URL(settings.databaseUrl).host}: ${settings.howToProvide}`,
    );
  if (source.kind === 'accessToken') return { kind: 'accessToken', getToken: source.getToken };
  return { kind: 'accessToken', getToken: async () => googleAccessToken(await source.json()) };
}
