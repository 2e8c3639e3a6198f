import { z } from 'zod';
import { gamePath, ROOTS } from '../../shared/rtdb/paths.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { deepLinkSchema } from '../../shared/schemas/keys.ts';
import { MAX_MATCH_CANDIDATES } from '../../shared/schemas/library-limits.ts';
import type { LibraryEntry, LibraryMatch, MatchedGame } from '../../shared/schemas/library-match.ts';
import { storedHttpsUrlSchema } from '../../shared/schemas/https-url.ts';
import { MAX_SEARCH_TEXT_LENGTH } from '../../shared/search-limits.ts';
import { phraseKey, queryWords } from '../../shared/search/search-text.ts';
import type { SearchCaller } from '../search/call-search.ts';

// Matching a library's games with the catalogue. An entry with a Questline id or a Steam app id that the
// catalogue knows is certain; otherwise its name is searched (the search of games and members,
// `http-doSearch`), and a game whose name is the entry's name, once case, accents, trademark signs and
// punctuation are set aside, is certain — unless two games share that name. Anything else the search
// finds is a list of candidates for the member to choose from.

/** The fields of a game record a match shows. */
const matchedRecordSchema = z.object({
  name: z.string().min(1),
  icon: storedHttpsUrlSchema,
  content: z.object({ icon: storedHttpsUrlSchema }).optional().catch(undefined),
});

/** Games found by app id: at most one is asked for, but the answer is a map of game id → record. */
const gamesByAppIdSchema = z.record(z.string(), z.unknown());

/**
 * Games read for one Steam app id: the catalogue gives an app id to one game, and should two share it,
 * either is the game the member owns.
 */
const GAMES_READ_PER_APP_ID = 1;

/** How many search results are looked at for a name: enough to see that two games share it. */
const SEARCH_RESULTS_LOOKED_AT = 10;

function matchedGame(id: string, value: unknown): MatchedGame | null {
  if (!deepLinkSchema.safeParse(id).success) return null;
  const parsed = matchedRecordSchema.safeParse(value);
  if (!parsed.success) return null;
  const image = parsed.data.icon ?? parsed.data.content?.icon;
  return { id, name: parsed.data.name, ...(image ? { image } : {}) };
}

/** The game with this Questline id, if there is one. */
async function gameById(db: RtdbClient, id: string): Promise<MatchedGame | null> {
  return matchedGame(id, await db.get(gamePath(id)));
}

/** The game with this Steam app id, if the catalogue has it (an indexed equality query, allowed to anyone). */
async function gameByAppId(db: RtdbClient, appid: number): Promise<MatchedGame | null> {
  const found = await db.query(
    ROOTS.games,
    { orderBy: 'steam_appid', equalTo: appid, limitToFirst: GAMES_READ_PER_APP_ID },
    gamesByAppIdSchema,
  );
  const [first] = Object.entries(found ?? {});
  return first ? matchedGame(first[0], first[1]) : null;
}

/**
 * Whether a found name shares at least half of the entry's words (a word counts when it starts a word of
 * the name, or a word of the name starts it: "deep rock" and Deep Rock Galactic). Search answers names
 * with only some of the words when none has them all; for a library, a name that shares only "of" with
 * "Qwxz Unheard Of Game" is not a candidate but noise.
 */
function sharesEnoughWords(words: string[], found: string): boolean {
  const foundWords = queryWords(found);
  const shared = words.filter((word) =>
    foundWords.some((other) => other.startsWith(word) || word.startsWith(other)),
  ).length;
  return shared * 2 >= words.length;
}

/** What the search makes of a name: one game of exactly that name, or candidates, or nothing. */
async function matchByName(search: SearchCaller, name: string): Promise<LibraryMatch> {
  const wanted = phraseKey(name);
  if (wanted === '') return { status: 'unmatched' };
  const answer = await search({
    name: name.slice(0, MAX_SEARCH_TEXT_LENGTH).trim(),
    limit: SEARCH_RESULTS_LOOKED_AT,
  });
  const words = queryWords(name);
  const games: MatchedGame[] = answer.results
    .filter((result) => result._type === 'game' && sharesEnoughWords(words, result.name))
    .map((result) => ({
      id: result._id,
      name: result.name,
      ...(result.image ? { image: result.image } : {}),
    }));
  const exact = games.filter((game) => phraseKey(game.name) === wanted);
  const [only] = exact;
  if (only && exact.length === 1) return { status: 'certain', game: only };
  const candidates = [...exact, ...games.filter((game) => !exact.includes(game))].slice(
    0,
    MAX_MATCH_CANDIDATES,
  );
  return candidates.length > 0 ? { status: 'uncertain', candidates } : { status: 'unmatched' };
}

/** One entry's match: by id, then by app id, then by name. */
async function matchEntry(db: RtdbClient, search: SearchCaller, entry: LibraryEntry): Promise<LibraryMatch> {
  if (entry.id !== undefined) {
    const game = await gameById(db, entry.id);
    if (game) return { status: 'certain', game };
  }
  if (entry.appid !== undefined) {
    const game = await gameByAppId(db, entry.appid);
    if (game) return { status: 'certain', game };
  }
  return entry.name === undefined ? { status: 'unmatched' } : matchByName(search, entry.name);
}

/**
 * The matches of a chunk of entries, in their order. `db` reads only what is public; each entry costs
 * at most three subrequests (id, app id, name), so a chunk's size bounds the request's.
 */
export function matchLibraryEntries(
  db: RtdbClient,
  search: SearchCaller,
  entries: readonly LibraryEntry[],
): Promise<LibraryMatch[]> {
  return Promise.all(entries.map((entry) => matchEntry(db, search, entry)));
}
