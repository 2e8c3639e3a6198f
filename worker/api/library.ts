import type { Context, MiddlewareHandler } from 'hono';
import { libraryExportCsv } from '../../shared/library/library-export-csv.ts';
import { libraryExportQuerySchema, libraryExportSchema } from '../../shared/schemas/library-export.ts';
import { libraryMatchAnswerSchema, libraryMatchRequestSchema } from '../../shared/schemas/library-match.ts';
import {
  libraryShelvingAnswerSchema,
  libraryShelvingRequestSchema,
  libraryStandingSchema,
} from '../../shared/schemas/library-shelving.ts';
import { gamelistEntrySchema } from '../../shared/schemas/shelf.ts';
import { gamelistEntryPath } from '../../shared/rtdb/paths.ts';
import { commitLibraryShelving } from '../../shared/transitions/library-shelving.ts';
import { purgeFeedPage } from '../feed-page-purge.ts';
import type { SignedInEnv } from '../app-env.ts';
import { matchLibraryEntries } from '../library/match-library-entries.ts';
import { readLibraryExport } from '../library/read-library-export.ts';
import { limitCostlyReads, limitMemberWrites } from '../rate-limit/limits.ts';
import { searchCaller } from '../search/call-search.ts';
import { z } from 'zod';
import { apiRoutes, jsonAnswer, jsonBody, memberRoute, memberWriteRoute } from './route-definition.ts';
import { BUSY, TOO_MANY_READS, TOO_MANY_WRITES } from './route-failures.ts';

/** The day of an export, for its file name (UTC). */
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

// Not in the public reference (importing and exporting a library, through the site's pages): defined with
// `hide: true`, still validated and typing the browser's calls.

// Counted among the member's writes although it writes nothing: one request is up to 16 searches and
// 32 reads, so a script matching in a loop would otherwise make unbounded work on one session.
const matchChunk = memberRoute({
  method: 'post',
  path: '/match',
  hide: true,
  middleware: [limitMemberWrites],
  request: { body: jsonBody(libraryMatchRequestSchema) },
  responses: { 200: jsonAnswer(libraryMatchAnswerSchema, 'One match per entry sent, in the same order.') },
  refusals: [
    TOO_MANY_WRITES,
    {
      status: 503,
      code: 'unavailable',
      when: 'Search cannot be reached just now (also 502); the answer has `Retry-After`.',
      message: 'Games cannot be matched just now. Please try again in a moment.',
    },
  ],
});

/** The member's export, marked personal and as a file named for its day and `format`. */
async function readExport(c: Context<SignedInEnv>, format: 'json' | 'csv') {
  const now = c.var.clock();
  const data = await readLibraryExport(c.var.database, c.var.user, now);
  // Personal: never kept by a cache on the way, and saved as a file by a browser that opens the link.
  c.header('Cache-Control', 'private, no-store');
  c.header('Content-Disposition', `attachment; filename="questline-library-${dayOf(now)}.${format}"`);
  return data;
}

/**
 * `?format=csv` (once, as the query's schema takes it) answers the export as a CSV file, here, before the
 * route's handler: a route's answers are its type, and the browser reads the JSON one (it writes the CSV
 * itself), so the file form stays out of the typed answer. Any other query goes on to be validated.
 */
const csvExport: MiddlewareHandler<SignedInEnv> = async (c, next) => {
  const formats = c.req.queries('format');
  if (formats?.length !== 1 || formats[0] !== 'csv') return next();
  const data = await readExport(c, 'csv');
  c.header('Content-Type', 'text/csv; charset=utf-8');
  return c.body(libraryExportCsv(data), 200);
};

/**
 * The preview's read and the export read all of a member's shelves (and the export all they wrote), which
 * grows with the member: counted, so that a loop of them is held to two a second.
 */
const limitLibraryReads = limitCostlyReads('library-reads');

const exportLibrary = memberRoute({
  method: 'get',
  path: '/export',
  hide: true,
  middleware: [limitLibraryReads, csvExport],
  request: { query: libraryExportQuerySchema },
  responses: {
    200: jsonAnswer(libraryExportSchema, 'Everything the member put in, as a file (CSV with `?format=csv`).'),
  },
  refusals: [TOO_MANY_READS],
});

/** The import's preview compares the file with where the member's games stand now. */
const libraryStanding = memberRoute({
  method: 'get',
  path: '/shelves',
  hide: true,
  middleware: [limitLibraryReads],
  responses: {
    200: jsonAnswer(libraryStandingSchema, 'Each game the caller has a shelf or a score for.'),
  },
  refusals: [TOO_MANY_READS],
});

// One request shelves and rates a batch of the file's games (shared/transitions/library-shelving.ts): one
// of the member's writes, however many games it holds (at most MAX_SHELVING_GAMES).
const shelveLibrary = memberWriteRoute({
  method: 'post',
  path: '/shelves',
  hide: true,
  request: { body: jsonBody(libraryShelvingRequestSchema) },
  responses: {
    200: jsonAnswer(libraryShelvingAnswerSchema, 'What became of each game, in the order sent.'),
  },
  refusals: [BUSY],
});

/** The member's entries, any of the wrong shape left out. */
const gamelistSchema = z.record(z.string(), z.unknown());

/**
 * A member's library: `POST /match` matches a chunk of an imported library's games with the catalogue
 * (the browser reads the file and sends it a chunk at a time; following goes through the follow API,
 * which is idempotent, so nothing is followed twice), `GET /shelves` tells where the member's games
 * stand for the import's preview, `POST /shelves` shelves and rates a batch of the file's games, and `GET /export?format=json|csv` downloads
 * everything the member has put in, in a form the import reads back.
 */
export const libraryApi = apiRoutes()
  .openapi(matchChunk, async (c) => {
    const { entries } = c.req.valid('json');
    const matches = await matchLibraryEntries(
      c.var.database.public,
      searchCaller({
        functionsBaseUrl: c.env.FUNCTIONS_BASE_URL,
        timeoutMs: c.var.functionsTimeoutMs,
        // Search failing refuses the match (502/503 SearchUnavailable) in the words of matching.
        unavailable: {
          message: 'Games cannot be matched just now. Please try again in a moment.',
          headers: { 'Retry-After': '5' },
        },
      }),
      entries,
    );
    return c.json({ matches }, 200);
  })
  .openapi(libraryStanding, async (c) => {
    const { uid, idToken } = c.var.user;
    // The caller's own shelves and scores: kept by no cache on the way.
    c.header('Cache-Control', 'private, no-store');
    const list = await c.var.database
      .asUser(idToken)
      .read(gamelistEntryPath(uid, '').replace(/\/$/, ''), gamelistSchema);
    const games = Object.entries(list ?? {}).flatMap(([gameId, value]) => {
      const entry = gamelistEntrySchema.safeParse(value);
      return entry.success && (entry.data.status !== null || entry.data.score !== undefined)
        ? [{ gameId, status: entry.data.status, score: entry.data.score ?? null }]
        : [];
    });
    return c.json({ games }, 200);
  })
  .openapi(shelveLibrary, async (c) => {
    const { games, overwrite } = c.req.valid('json');
    const outcomes = await commitLibraryShelving(
      c.var.database.server,
      { uid: c.var.user.uid, games, overwrite },
      c.var.clock,
    );
    // Each changed game's page shows its counts: its edge copy goes, as after a tap on the page.
    for (const { gameId, outcome } of outcomes)
      if (outcome === 'changed') purgeFeedPage(c, { feed: { type: 'game', id: gameId } });
    return c.json({ games: outcomes }, 200);
  })
  .openapi(exportLibrary, async (c) => {
    // `csv` was answered by csvExport: what reaches here is JSON.
    const { format } = c.req.valid('query');
    return c.json(await readExport(c, format), 200);
  });
