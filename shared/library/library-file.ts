import { CsvSyntaxError, parseCsv } from '../catalogue/parse-csv.ts';
import type { LibraryEntry } from '../schemas/library-match.ts';
import {
  LIBRARY_CSV_FOLLOWED_GAME,
  LIBRARY_EXPORT_FORMAT,
  MAX_LIBRARY_ENTRIES,
  MAX_LIBRARY_FILE_BYTES,
  MAX_LIBRARY_NAME_LENGTH,
  MAX_STEAM_APPID,
} from '../schemas/library-limits.ts';
import type { Shelf } from '../schemas/shelf.ts';
import { phraseKey } from '../search/search-text.ts';
import { LIBRARY_CSV_RATED_GAME, LIBRARY_CSV_SHELVED_GAME } from './library-export-csv.ts';
import { ratingScaleOf, scoreOf, type RatingScale } from './rating-scale.ts';
import { shelfOfWords } from './shelf-words.ts';
import { isObject } from '../is-object.ts';

// Reading a library file exported from another tracker or store, in the browser, before anything is
// sent: Steam's owned-games JSON (the Web API's IPlayerService/GetOwnedGames answer, `{ "response":
// { "games": [{ "appid", "name", … }] } }`, https://developer.valvesoftware.com/wiki/Steam_Web_API#GetOwnedGames_.28v0001.29),
// Questline's own export (JSON or CSV), any JSON list of games with a name or title, and any CSV with a
// title or name column. A file that cannot be read is refused whole, with words the member can act on.
// What a file says of each game beyond which game it is (a shelf, a rating) is its mark: Steam's playtime
// over zero is "played" (a game owned and never started is no shelf: Steam libraries hold many games never
// meant to be played, bundles and free weekends, and filing them all under "want to play" would bury the
// ones the member does want; they are still followed), a CSV's status and rating columns (Grouvee's
// export, Backloggd-style exports, any CSV with a status or rating column, shared/library/shelf-words.ts
// and rating-scale.ts) and our own export's shelves and ratings.

/** What kind of file it was, for the summary. */
export type LibraryFileKind = 'steam' | 'questline' | 'grouvee' | 'json' | 'csv';

/** What a file says of one of its games beyond which game it is: whether to follow it, a shelf, a score. */
export interface LibraryMark {
  /** Followed by the import: every game of another tracker's file, a Questline export's followed games. */
  follow: boolean;
  shelf?: Shelf;
  /** A score of 1 to 10 (rating-scale.ts). */
  score?: number;
  /** The file's status for the game when it is no word we map: shown as not mapped, never guessed. */
  unmappedStatus?: string;
  /** The file's rating for the game when it is not a rating on the file's scale: shown as not read. */
  unreadRating?: string;
}

export type LibraryFile =
  | {
      ok: true;
      kind: LibraryFileKind;
      entries: LibraryEntry[];
      /** Each entry's mark, in the same order. */
      marks: LibraryMark[];
      /** The scale the file's ratings were read on, when it has any. */
      ratingScale?: RatingScale;
      skipped: number;
    }
  | { ok: false; message: string };

/** An entry read with its mark, before each game is kept once. */
interface Marked {
  entry: LibraryEntry;
  mark: LibraryMark;
}

const refused = (message: string): LibraryFile => ({ ok: false, message });

const NOT_A_LIBRARY =
  'This file is not a library we can read. Choose a JSON or CSV file: Steam’s owned games, a Questline export, or a CSV with a title column.';
const NO_GAMES = 'This file lists no games.';
const TOO_LARGE = `This file is too large: at most ${String(MAX_LIBRARY_FILE_BYTES / 1024 / 1024)} MB.`;
const TOO_MANY = `This file lists more than ${MAX_LIBRARY_ENTRIES.toLocaleString('en')} games. Split it and bring the parts in one after another.`;

/** CSV headers read as a game's name, and as its Steam app id (compared lower-cased, spaces and signs dropped). */
const NAME_HEADERS = new Set(['title', 'name', 'game', 'gamename', 'gametitle']);
const APPID_HEADERS = new Set(['appid', 'steamappid', 'steamid', 'steamappid']);
const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z]/g, '');

/** The games of a library file, or why it cannot be read. `text` is the file as text (UTF-8). */
export function parseLibraryFile(text: string): LibraryFile {
  if (text.length > MAX_LIBRARY_FILE_BYTES) return refused(TOO_LARGE);
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  // A picture or an archive read as text: NUL bytes never appear in JSON or CSV.
  if (body.includes('\u0000')) return refused(NOT_A_LIBRARY);
  const trimmed = body.trim();
  if (trimmed === '') return refused(NO_GAMES);
  const read = trimmed.startsWith('{') || trimmed.startsWith('[') ? fromJson(trimmed) : fromCsv(body);
  if (!read.ok) return read;
  if (read.entries.length === 0) return refused(read.skipped > 0 ? NOT_A_LIBRARY : NO_GAMES);
  if (read.entries.length > MAX_LIBRARY_ENTRIES) return refused(TOO_MANY);
  return read;
}

/** The games list of a JSON library: Steam's `response.games`, an export's `games`, or a bare list. */
function fromJson(text: string): LibraryFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return refused('This file looks like JSON but is damaged: it could not be read.');
  }
  if (Array.isArray(value)) return entriesOf('json', value, false);
  if (!isObject(value)) return refused(NOT_A_LIBRARY);
  if (isObject(value.response)) {
    const games = value.response.games;
    // A private Steam profile answers `{ "response": {} }`: no games to bring.
    if (games === undefined) return refused(NO_GAMES);
    return Array.isArray(games) ? entriesOf('steam', games, false) : refused(NOT_A_LIBRARY);
  }
  if (Array.isArray(value.games)) {
    const ours = value.format === LIBRARY_EXPORT_FORMAT;
    return ours ? fromQuestlineJson(value) : entriesOf('json', value.games, false);
  }
  return refused(NOT_A_LIBRARY);
}

/** The entries of a JSON list of games; the Questline id is trusted only from a Questline export. */
function entriesOf(kind: LibraryFileKind, games: unknown[], withIds: boolean): LibraryFile {
  if (games.length > MAX_LIBRARY_ENTRIES) return refused(TOO_MANY);
  const read: Marked[] = [];
  let skipped = 0;
  for (const game of games) {
    const entry = isObject(game)
      ? entryOf({
          name: game.name ?? game.title,
          appid: game.appid ?? game.steam_appid ?? game.app_id,
          id: withIds ? game.id : undefined,
        })
      : null;
    if (entry && isObject(game))
      read.push({ entry, mark: kind === 'steam' ? steamMark(game) : { follow: true } });
    else skipped++;
  }
  return { ok: true, kind, ...distinct(read), skipped };
}

/** Steam's playtime (minutes, `playtime_forever`) over zero: played; none or zero: no shelf (see above). */
function steamMark(game: Record<string, unknown>): LibraryMark {
  const minutes = game.playtime_forever;
  return typeof minutes === 'number' && minutes > 0 ? { follow: true, shelf: 'played' } : { follow: true };
}

/**
 * A Questline JSON export: its followed games are followed, its shelves and ratings put back, each game
 * once by its id (a game may be followed, shelved and rated).
 */
function fromQuestlineJson(value: Record<string, unknown>): LibraryFile {
  const games = Array.isArray(value.games) ? value.games : [];
  const shelves = Array.isArray(value.shelves) ? value.shelves : [];
  const ratings = Array.isArray(value.ratings) ? value.ratings : [];
  if (games.length + shelves.length + ratings.length > MAX_LIBRARY_ENTRIES * 3) return refused(TOO_MANY);
  const byId = new QuestlineGames();
  let skipped = 0;
  for (const game of games) {
    const entry = isObject(game) ? entryOf({ name: game.name, appid: game.steam_appid, id: game.id }) : null;
    if (entry?.id === undefined) skipped++;
    else byId.add({ ...entry, id: entry.id }, { follow: true });
  }
  for (const shelf of shelves) {
    const status = isObject(shelf) && typeof shelf.status === 'string' ? ownShelf(shelf.status) : null;
    const id = isObject(shelf) ? ownId(shelf.id) : null;
    if (status && id) byId.add({ id }, { follow: false, shelf: status });
    else skipped++;
  }
  for (const rating of ratings) {
    const read = isObject(rating) && typeof rating.score === 'number' ? scoreOf(rating.score, 'ten') : null;
    const id = isObject(rating) ? ownId(rating.id) : null;
    if (read && 'score' in read && id) byId.add({ id }, { follow: false, score: read.score });
    else skipped++;
  }
  return {
    ok: true,
    kind: 'questline',
    ...byId.read(),
    ...(ratings.length > 0 ? { ratingScale: 'ten' as const } : {}),
    skipped,
  };
}

/** Our export's games gathered by id: a game's rows (followed, shelved, rated) make one entry and mark. */
class QuestlineGames {
  readonly #games = new Map<string, Marked>();
  add(entry: LibraryEntry & { id: string }, mark: LibraryMark) {
    const known = this.#games.get(entry.id);
    if (!known) {
      this.#games.set(entry.id, { entry, mark });
      return;
    }
    // The first row of each kind counts: a file listing a game twice changes nothing the second time.
    known.entry = { ...entry, ...known.entry };
    known.mark = { ...mark, ...known.mark, follow: known.mark.follow || mark.follow };
  }
  read(): { entries: LibraryEntry[]; marks: LibraryMark[] } {
    const all = [...this.#games.values()];
    return { entries: all.map(({ entry }) => entry), marks: all.map(({ mark }) => mark) };
  }
}

/** Our own shelf names, exactly as the export writes them. */
const OWN_SHELVES = new Set<string>(['want', 'playing', 'played', 'dropped']);
const ownShelf = (status: string): Shelf | null => (OWN_SHELVES.has(status) ? (status as Shelf) : null);
const ownId = (id: unknown): string | null => (typeof id === 'string' && DEEP_LINK.test(id) ? id : null);

/** CSV headers read as a game's status (its shelf), and as its rating (compared as headerKey makes them). */
const STATUS_HEADERS = new Set([
  'status',
  'shelf',
  'shelves',
  'state',
  'playstatus',
  'gamestatus',
  'progress',
]);
const RATING_HEADER = /^(my|user|your)?(rating|score|stars)/;

/**
 * The entries of a CSV file with a header row naming a title (or name) column, an app id column, or both;
 * a status and a rating column when it has them. Grouvee's export (its columns: id, name, shelves,
 * platforms, rating, review, dates, statuses, genres, franchises, developers, publishers, release_date,
 * url, giantbomb_id) keeps a game's shelves as JSON, `{"Played": {"date_added": …, "url": …}}`, and rates
 * on 1 to 5 stars.
 */
function fromCsv(text: string): LibraryFile {
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    return refused(
      `This CSV file is damaged at line ${String(error.line)}: a quoted field is not closed properly.`,
    );
  }
  const [header, ...rows] = records;
  if (!header) return refused(NO_GAMES);
  if (rows.length > MAX_LIBRARY_ENTRIES * 20) return refused(TOO_MANY);
  const keys = header.fields.map(headerKey);
  // Questline's CSV export lists everything a member put in: its games are the followed, shelved and rated ones.
  if (keys.includes('type') && keys.includes('id') && keys.includes('on'))
    return fromQuestlineCsv(keys, rows);
  const nameColumn = keys.findIndex((key) => NAME_HEADERS.has(key));
  const appidColumn = keys.findIndex((key) => APPID_HEADERS.has(key));
  if (nameColumn < 0 && appidColumn < 0)
    return refused('This CSV file has no “title” or “name” column. Its first line must name the columns.');
  const grouvee = keys.includes('shelves') && keys.includes('giantbombid');
  const statusColumn = keys.findIndex((key) => STATUS_HEADERS.has(key));
  const ratingColumn = keys.findIndex((key) => RATING_HEADER.test(key));
  const cell = (fields: string[], column: number) => (column >= 0 ? fields[column] : undefined);
  const ratingScale =
    ratingColumn < 0
      ? undefined
      : grouvee
        ? 'stars'
        : ratingScaleOf(
            header.fields[ratingColumn] ?? '',
            rows.map(({ fields }) => fields[ratingColumn] ?? ''),
          );
  const read: Marked[] = [];
  let skipped = 0;
  for (const { fields } of rows) {
    const entry = entryOf({
      name: cell(fields, nameColumn),
      appid: cell(fields, appidColumn),
      id: undefined,
    });
    if (!entry) {
      skipped++;
      continue;
    }
    const mark: LibraryMark = { follow: true, ...statusMark(cell(fields, statusColumn)) };
    if (ratingScale) Object.assign(mark, ratingMark(cell(fields, ratingColumn), ratingScale));
    read.push({ entry, mark });
  }
  return {
    ok: true,
    kind: grouvee ? 'grouvee' : 'csv',
    ...distinct(read),
    ...(ratingScale ? { ratingScale } : {}),
    skipped,
  };
}

/** The longest status or rating text shown back to the member from a file. */
const SHOWN_TEXT = 60;

/**
 * A status cell as a shelf: one word ("Completed"), Grouvee's JSON of shelves, or words separated by
 * commas; when none is a word we map, the cell is kept to be shown as not mapped.
 */
function statusMark(cellText: string | undefined): Pick<LibraryMark, 'shelf' | 'unmappedStatus'> {
  const text = cellText?.trim() ?? '';
  if (text === '') return {};
  let words = text.split(/[,;|]/);
  if (text.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (isObject(parsed)) words = Object.keys(parsed);
    } catch {
      // Not JSON after all: read as words.
    }
  }
  const shelf = shelfOfWords(words);
  if (shelf) return { shelf };
  const shown = words.map((word) => word.trim()).filter((word) => word !== '');
  return shown.length > 0 ? { unmappedStatus: shown.join(', ').slice(0, SHOWN_TEXT) } : {};
}

/** A rating cell on its file's scale as a score, or kept to be shown as not read. */
function ratingMark(
  cellText: string | undefined,
  scale: RatingScale,
): Pick<LibraryMark, 'score' | 'unreadRating'> {
  const read = scoreOf(cellText, scale);
  if ('score' in read) return { score: read.score };
  if ('unread' in read) return { unreadRating: read.unread.slice(0, SHOWN_TEXT) };
  return {};
}

/**
 * Questline's own CSV export read back: `followed-game` rows are followed, `shelved-game` rows put the
 * game on the shelf in their `on` column, `rated-game` rows give it the score in theirs; other rows are
 * not a library's.
 */
function fromQuestlineCsv(keys: string[], rows: { fields: string[] }[]): LibraryFile {
  const column = (key: string) => keys.indexOf(key);
  const [type, id, name, appid, on] = ['type', 'id', 'name', 'steamappid', 'on'].map(column) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const byId = new QuestlineGames();
  let skipped = 0;
  for (const { fields } of rows) {
    const kind = fields[type];
    const gameId = ownId(fields[id]);
    if (kind === LIBRARY_CSV_FOLLOWED_GAME) {
      const entry = entryOf({ name: fields[name], appid: fields[appid], id: fields[id] });
      if (entry?.id === undefined) skipped++;
      else byId.add({ ...entry, id: entry.id }, { follow: true });
    } else if (kind === LIBRARY_CSV_SHELVED_GAME) {
      const shelf = ownShelf(fields[on] ?? '');
      if (gameId && shelf) byId.add({ id: gameId }, { follow: false, shelf });
      else skipped++;
    } else if (kind === LIBRARY_CSV_RATED_GAME) {
      const read = scoreOf(fields[on], 'ten');
      if (gameId && 'score' in read) byId.add({ id: gameId }, { follow: false, score: read.score });
      else skipped++;
    }
  }
  const games = byId.read();
  return {
    ok: true,
    kind: 'questline',
    ...games,
    ...(games.marks.some((m) => m.score !== undefined) ? { ratingScale: 'ten' as const } : {}),
    skipped,
  };
}

/**
 * A Questline game id: the rule of deepLinkSchema (shared/schemas/keys.ts), which the Worker checks again.
 */
const DEEP_LINK = /^(?=.{1,100}$)[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** One entry from loosely typed fields (app ids may be written as text), or null when nothing is usable. */
function entryOf(fields: { name: unknown; appid: unknown; id: unknown }): LibraryEntry | null {
  const name =
    typeof fields.name === 'string' && fields.name.trim() !== ''
      ? fields.name.trim().slice(0, MAX_LIBRARY_NAME_LENGTH)
      : undefined;
  const appidText = typeof fields.appid === 'string' ? fields.appid.trim() : fields.appid;
  const appid =
    typeof appidText === 'number'
      ? appidText
      : typeof appidText === 'string' && /^\d{1,10}$/.test(appidText)
        ? Number(appidText)
        : undefined;
  const id = typeof fields.id === 'string' && DEEP_LINK.test(fields.id) ? fields.id : undefined;
  const entry: LibraryEntry = {};
  if (name !== undefined) entry.name = name;
  // A malformed app id beside a good name: the name alone can still be matched.
  if (appid !== undefined && Number.isInteger(appid) && appid > 0 && appid <= MAX_STEAM_APPID)
    entry.appid = appid;
  if (id !== undefined) entry.id = id;
  return Object.keys(entry).length > 0 ? entry : null;
}

/**
 * Each game once: the same Questline id, Steam app id or name twice in a file is one game, and the first
 * time it is listed is what the file says of it.
 */
function distinct(read: Marked[]): { entries: LibraryEntry[]; marks: LibraryMark[] } {
  const seen = new Set<string>();
  const kept = read.filter(({ entry }) => {
    const keys = [
      entry.id === undefined ? null : `id:${entry.id}`,
      entry.appid === undefined ? null : `app:${String(entry.appid)}`,
      entry.name === undefined ? null : `name:${phraseKey(entry.name)}`,
    ].filter((key): key is string => key !== null);
    // An entry with an app id is told apart by it (two editions may share a name); otherwise by name.
    const own =
      entry.id !== undefined || entry.appid !== undefined ? keys.filter((k) => !k.startsWith('name:')) : keys;
    if (own.some((key) => seen.has(key))) return false;
    for (const key of own) seen.add(key);
    return true;
  });
  return { entries: kept.map(({ entry }) => entry), marks: kept.map(({ mark }) => mark) };
}
