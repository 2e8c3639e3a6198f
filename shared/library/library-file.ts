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
import { phraseKey } from '../search/search-text.ts';

// Reading a library file exported from another tracker or store, in the browser, before anything is
// sent: Steam's owned-games JSON (the Web API's IPlayerService/GetOwnedGames answer, `{ "response":
// { "games": [{ "appid", "name", … }] } }`, https://developer.valvesoftware.com/wiki/Steam_Web_API#GetOwnedGames_.28v0001.29),
// Questline's own export (JSON or CSV), any JSON list of games with a name or title, and any CSV with a
// title or name column. A file that cannot be read is refused whole, with words the member can act on.

/** What kind of file it was, for the summary. */
export type LibraryFileKind = 'steam' | 'questline' | 'json' | 'csv';

export type LibraryFile =
  | { ok: true; kind: LibraryFileKind; entries: LibraryEntry[]; skipped: number }
  | { ok: false; message: string };

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
    return entriesOf(ours ? 'questline' : 'json', value.games, ours);
  }
  return refused(NOT_A_LIBRARY);
}

/** The entries of a JSON list of games; the Questline id is trusted only from a Questline export. */
function entriesOf(kind: LibraryFileKind, games: unknown[], withIds: boolean): LibraryFile {
  if (games.length > MAX_LIBRARY_ENTRIES) return refused(TOO_MANY);
  const entries: LibraryEntry[] = [];
  let skipped = 0;
  for (const game of games) {
    const entry = isObject(game)
      ? entryOf({
          name: game.name ?? game.title,
          appid: game.appid ?? game.steam_appid ?? game.app_id,
          id: withIds ? game.id : undefined,
        })
      : null;
    if (entry) entries.push(entry);
    else skipped++;
  }
  return { ok: true, kind, entries: distinct(entries), skipped };
}

/** The entries of a CSV file with a header row naming a title (or name) column, an app id column, or both. */
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
  const keys = header.fields.map(headerKey);
  const nameColumn = keys.findIndex((key) => NAME_HEADERS.has(key));
  const appidColumn = keys.findIndex((key) => APPID_HEADERS.has(key));
  if (nameColumn < 0 && appidColumn < 0)
    return refused('This CSV file has no “title” or “name” column. Its first line must name the columns.');
  // Questline's CSV export lists everything a member put in: only its followed games are a library.
  const typeColumn = keys.indexOf('type');
  const idColumn = typeColumn >= 0 ? keys.indexOf('id') : -1;
  if (rows.length > MAX_LIBRARY_ENTRIES * 20) return refused(TOO_MANY);
  const entries: LibraryEntry[] = [];
  let skipped = 0;
  for (const { fields } of rows) {
    if (typeColumn >= 0 && fields[typeColumn] !== LIBRARY_CSV_FOLLOWED_GAME) continue;
    const entry = entryOf({
      name: nameColumn >= 0 ? fields[nameColumn] : undefined,
      appid: appidColumn >= 0 ? fields[appidColumn] : undefined,
      id: idColumn >= 0 ? fields[idColumn] : undefined,
    });
    if (entry) entries.push(entry);
    else skipped++;
  }
  return { ok: true, kind: typeColumn >= 0 ? 'questline' : 'csv', entries: distinct(entries), skipped };
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

/** Each game once: the same Questline id, Steam app id or name twice in a file is one game. */
function distinct(entries: LibraryEntry[]): LibraryEntry[] {
  const seen = new Set<string>();
  return entries.filter((entry) => {
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
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
