import type { RtdbClient } from '../rtdb/rest-client.ts';

// A background job of the product (the suggestion engine, trending): the same code runs as a scheduled
// Firebase function in production and from `npm run job -- <name>` locally (scripts/job.ts), against the
// database over REST with the server's credential.

/** What a job is given: the database as the server, and the clock (tests fix it). */
export interface JobContext {
  db: RtdbClient;
  now: () => number;
  /** Progress lines for whoever runs it (the console locally, the function's log in production). */
  log: (line: string) => void;
}

/** A job: what it does, and how it runs. Its summary is one line, e.g. "1,204 games ranked". */
export interface Job {
  description: string;
  run(context: JobContext): Promise<string>;
}
