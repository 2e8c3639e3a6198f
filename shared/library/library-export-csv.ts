import type { LibraryExport } from '../schemas/library-export.ts';
import { LIBRARY_CSV_FOLLOWED_GAME } from '../schemas/library-limits.ts';

/** The CSV type of a shelved game's row (its shelf in the `on` column). */
export const LIBRARY_CSV_SHELVED_GAME = 'shelved-game';
/** The CSV type of a rated game's row (the member's score, 1 to 10, in the `on` column). */
export const LIBRARY_CSV_RATED_GAME = 'rated-game';
/** The CSV type of a review's row (its words in the `name` column, its post in `on`); not imported. */
export const LIBRARY_CSV_REVIEWED_GAME = 'reviewed-game';

// The CSV form of a member's export: one row per thing they put in, with its type, id, name (a game's
// name, a post's or comment's text), Steam app id, the time as ISO 8601, and what it belongs to (the
// feed of a post, the post of a comment). The library import reads its `followed-game` rows back.

export const LIBRARY_CSV_HEADER = ['type', 'id', 'name', 'steam_appid', 'time', 'on'] as const;

/** The column of names and texts, the only free text of a row. */
const NAME_COLUMN = 2;

type Row = [type: string, id: string, name: string, appid: string, time: string, on: string];

const iso = (at: number | undefined) =>
  at === undefined || !Number.isFinite(at) ? '' : new Date(at).toISOString();

/**
 * One field as RFC 4180 writes it: quoted when it holds a comma, quote or line break. A field that a
 * spreadsheet would run as a formula (=, +, -, @ first) is prefixed with an apostrophe (OWASP's advice on
 * CSV injection: https://owasp.org/www-community/attacks/CSV_Injection). Only free text is: ids (push ids
 * may start with a hyphen) and times stay exact, so that the file is read back as written.
 */
function csvField(value: string, freeText: boolean): string {
  const safe = freeText && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The export as CSV text (CRLF line ends, a header row first). */
export function libraryExportCsv(data: LibraryExport): string {
  const rows: Row[] = [];
  for (const game of data.games)
    rows.push([
      LIBRARY_CSV_FOLLOWED_GAME,
      game.id,
      game.name ?? '',
      game.steam_appid === undefined ? '' : String(game.steam_appid),
      iso(game.at),
      '',
    ]);
  // A shelf's row says which shelf in the last column, as a post's says its feed.
  for (const shelf of data.shelves)
    rows.push([LIBRARY_CSV_SHELVED_GAME, shelf.id, '', '', iso(shelf.at), shelf.status]);
  for (const rating of data.ratings)
    rows.push([LIBRARY_CSV_RATED_GAME, rating.id, '', '', iso(rating.at), String(rating.score)]);
  // A review's row: the game's id, the review's words in the name column (free text: defused like a
  // post's) and its post in the last column; its badge is the game's shelf and rating rows.
  for (const review of data.reviews)
    rows.push([LIBRARY_CSV_REVIEWED_GAME, review.id, review.text, '', iso(review.at), review.post]);
  for (const user of data.follows.users) rows.push(['followed-member', user.id, '', '', iso(user.at), '']);
  for (const event of data.follows.events) rows.push(['followed-event', event.id, '', '', iso(event.at), '']);
  for (const post of data.posts) rows.push(['post', post.id, post.content, '', iso(post.at), post.feed]);
  for (const comment of data.comments)
    rows.push(['comment', comment.id, comment.content, '', iso(comment.at), comment.post]);
  for (const like of data.likes) rows.push(['like', like.id, '', '', iso(like.at), '']);
  for (const answer of data.suggestionAnswers)
    rows.push([`suggestion-${answer.answer}`, answer.id, '', '', '', '']);
  for (const tag of data.hiddenTags) rows.push(['hidden-tag', tag.id, '', '', iso(tag.at), '']);
  if (data.profile.brief !== '') rows.push(['profile', 'brief', data.profile.brief, '', '', '']);
  if (data.profile.details !== '') rows.push(['profile', 'details', data.profile.details, '', '', '']);
  for (const [kind, blocks] of Object.entries(data.blocks))
    for (const block of blocks)
      rows.push([`blocked-${kind.replace(/s$/, '')}`, block.id, '', '', iso(block.at), '']);
  return (
    [LIBRARY_CSV_HEADER as readonly string[], ...rows]
      .map((row) => row.map((field, column) => csvField(field, column === NAME_COLUMN)).join(','))
      .join('\r\n') + '\r\n'
  );
}
