import { Hono } from 'hono';
import { libraryExportCsv } from '../../shared/library/library-export-csv.ts';
import { libraryExportQuerySchema } from '../../shared/schemas/library-export.ts';
import { libraryMatchRequestSchema } from '../../shared/schemas/library-match.ts';
import type { AppEnv } from '../app-env.ts';
import { requireUser } from '../auth/require-user.ts';
import { matchLibraryEntries } from '../library/match-library-entries.ts';
import { readLibraryExport } from '../library/read-library-export.ts';
import { limitMemberWrites } from '../rate-limit/limits.ts';
import { searchCaller } from '../search/call-search.ts';
import { validate } from '../validate.ts';

/** The day of an export, for its file name (UTC). */
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * A member's library: `POST /match` matches a chunk of an imported library's games with the catalogue
 * (the browser reads the file and sends it a chunk at a time; following goes through the follow API,
 * which is idempotent, so nothing is followed twice), and `GET /export?format=json|csv` downloads
 * everything the member has put in, in a form the import reads back.
 */
export const libraryApi = new Hono<AppEnv>()
  .use(requireUser)
  // Counted among the member's writes although it writes nothing: one request is up to 16 searches and
  // 32 reads, so a script matching in a loop would otherwise make unbounded work on one session.
  .post('/match', limitMemberWrites, validate('json', libraryMatchRequestSchema), async (c) => {
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
    return c.json({ matches });
  })
  .get('/export', validate('query', libraryExportQuerySchema), async (c) => {
    const { format } = c.req.valid('query');
    const now = c.var.clock();
    const data = await readLibraryExport(c.var.database, c.var.user, now);
    // Personal: never kept by a cache on the way, and saved as a file by a browser that opens the link.
    c.header('Cache-Control', 'private, no-store');
    c.header('Content-Disposition', `attachment; filename="questline-library-${dayOf(now)}.${format}"`);
    if (format === 'csv') {
      c.header('Content-Type', 'text/csv; charset=utf-8');
      return c.body(libraryExportCsv(data));
    }
    return c.json(data);
  });
