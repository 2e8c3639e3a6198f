// The bounds and names of the library import and export, apart from their zod schemas
// (shared/schemas/library-match.ts, library-export.ts): the browser reads library files with these and
// no validation library (zod stays out of browser chunks; the Worker validates what it is sent).

/** The largest library file read, in bytes: a Steam account with 5,000 games is about 1 MB of JSON. */
export const MAX_LIBRARY_FILE_BYTES = 2 * 1024 * 1024;
/** The most games one file may bring in. */
export const MAX_LIBRARY_ENTRIES = 5000;
/**
 * The most entries matched by one request: each costs the Worker at most three subrequests (id, app id,
 * name), 48 in all, within the 50 a Worker on the free plan may make per request.
 * https://developers.cloudflare.com/workers/platform/limits/#subrequests
 */
export const MAX_MATCH_ENTRIES = 16;
/**
 * The most games one request shelves and rates (`POST /api/library/shelves`): each costs the Worker at most
 * four subrequests (its name: whether it exists, and what the member's public shelf list shows; its entry's
 * conditional PUT, and a second one with the entry the first answered when the member already has the game;
 * a drop of its page's edge copy), with the member's shelf changes, newest shelved games and the PATCH
 * three more: 43 in all, within the 50 a Worker on the free plan may make per request, the rest left for
 * waiting on a tap. A library of 5,000 games is 500 requests.
 * https://developers.cloudflare.com/workers/platform/limits/#subrequests
 */
export const MAX_SHELVING_GAMES = 10;
/** The longest game name kept from a file (the database's own limit). */
export const MAX_LIBRARY_NAME_LENGTH = 200;
/** The most candidates shown for an uncertain match. */
export const MAX_MATCH_CANDIDATES = 5;
/** The largest Steam app id (a 32-bit signed integer). */
export const MAX_STEAM_APPID = 2_147_483_647;

/** The `format` field that tells a Questline export from any other JSON library. */
export const LIBRARY_EXPORT_FORMAT = 'questline-library';
/** The CSV export's `type` of a followed game: the rows the library import reads back. */
export const LIBRARY_CSV_FOLLOWED_GAME = 'followed-game';
