import { createRtdbClient, type RtdbClient, type RtdbCredential } from '../../shared/rtdb/rest-client.ts';

// The functions' own database client, with a time limit on every request, as the Worker's has
// (worker/database.ts): without one, a database that takes the connection and never answers holds a
// function until Cloud Functions kills it (70 s), and the Worker's call gives up first with no answer.
// The limit runs from before the access token is asked for (shared/rtdb/rest-client.ts). Search reads
// through streams instead (search/node-mirror.ts), whose opening has a limit of its own
// (STREAM_OPEN_TIMEOUT_MS in search/search-service.ts); every other path goes through this client.

/** Where the database is and the server's credential for it (functions/src/index.ts, databaseSource). */
export interface FunctionsDatabaseSource {
  databaseUrl: string;
  namespace: string;
  credential: RtdbCredential;
}

/**
 * How long a request from a function that answers a caller may take: as the Worker's. A healthy request
 * takes milliseconds, a large multi-path write well under a second.
 */
export const FUNCTION_DATABASE_TIMEOUT_MS = 10_000;

/**
 * How long a request of a scheduled job may take: its reads are pages of whole collections (members,
 * follows), larger than any a caller waits for, and nobody waits on them; a hang still ends well before
 * the job's own 540 s.
 */
export const JOB_DATABASE_TIMEOUT_MS = 60_000;

/** The database over REST, giving up on a request after `timeoutMs` (an RtdbError 504). */
export function functionsDatabase(
  source: FunctionsDatabaseSource,
  timeoutMs: number = FUNCTION_DATABASE_TIMEOUT_MS,
): RtdbClient {
  return createRtdbClient({ ...source, timeoutMs });
}
