import {
  chooseSeedGames,
  CoFollowCounts,
  gamelistTaste,
  matrixRow,
  STORED_MATRIX_LIMITS,
  type MemberTaste,
} from '../catalogue/suggestion-matrix.ts';
import { readGameSummaries } from '../catalogue/game-summary-reads.ts';
import { bestSuggestions, planKeptSuggestions } from '../catalogue/suggested-game-summaries.ts';
import { parseTargetName } from '../schemas/feed-id.ts';
import { ROOTS, SOCIAL_ROOTS, suggestedGamesPath, userSectionPath } from '../rtdb/paths.ts';
import { gamelistEntrySchema } from '../schemas/shelf.ts';
import type { GameSummaryRecord } from '../schemas/game-summary.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import type { Job, JobContext } from './job.ts';
import { isObject } from '../is-object.ts';

// The suggestion engine: rebuilds `se_matrix` and `se_matrix_seedgames` from what members follow together,
// how they answered suggestions (a "no" counts against the pair), and what their shelves and ratings say
// (a game shelved or rated 7 or more counts as followed, one rated 4 or less or dropped as a "no":
// gamelistTaste in suggestion-matrix.ts), on a schedule in production
// (functions/src/index.ts) and with `npm run job -- suggestions` locally.
//
// How it scales: members are read a page at a time (`follows_by_userid` ordered by key, `limitToFirst`, and
// the same key range of `suggestions_by_userid`), added to in-memory counts and forgotten, so memory grows
// with the distinct game pairs, not with members or follows. When the pairs of a whole catalogue would not
// fit, `rowShards` splits the rows: each pass reads every member again but counts only the rows of its share
// of the games (by a hash of the game id), writes them and drops them. Rows are written a bounded number per
// multi-path PATCH; rows of games that no longer suggest anything are deleted the same way. Each game
// also keeps its best suggestions with their summaries in its own record, for its page to read with it
// (shared/catalogue/suggested-game-summaries.ts): written after the rows, a few games per PATCH.

export interface SuggestionEngineOptions {
  /** Members per read (one `follows_by_userid` page and its answers). */
  pageSize?: number;
  /** Passes over the members, each counting the rows of one share of the games (memory ÷ rowShards). */
  rowShards?: number;
  /** Rows per multi-path PATCH. */
  rowsPerWrite?: number;
}

const DEFAULTS: Required<SuggestionEngineOptions> = { pageSize: 500, rowShards: 1, rowsPerWrite: 200 };

/** Which pass counts the row of `gameId` (FNV-1a of the id, so the split is even and stable). */
export function rowShardOf(gameId: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < gameId.length; i++) hash = Math.imul(hash ^ gameId.charCodeAt(i), 0x01000193) >>> 0;
  return hash % shards;
}

const INTEGER_KEY = /^-?(0|[1-9]\d{0,9})$/;

/** The database's `$key` order: keys that read as 32-bit integers first, by value, then the others as strings. */
export function byDatabaseKey(a: string, b: string): number {
  const x = INTEGER_KEY.test(a) && Math.abs(Number(a)) < 2 ** 31;
  const y = INTEGER_KEY.test(b) && Math.abs(Number(b)) < 2 ** 31;
  if (x && y) return Number(a) - Number(b);
  if (x !== y) return x ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The followed games of one `follows_by_userid/{uid}` node (it also holds followed members and events),
 * keyed by target name (`game:hades`, shared/schemas/feed-id.ts).
 */
function followedGames(node: unknown): string[] {
  if (!isObject(node)) return [];
  return newestFirst(
    Object.entries(node).flatMap(([name, entry]) => {
      const target = parseTargetName(name);
      return target?.kind === 'game' && isObject(entry) && entry.type === 'game'
        ? [[target.id, entry.timestamp] as const]
        : [];
    }),
  );
}

/** Later first: two times, or two push ids (shared/push-id.ts: they sort as they were made); neither last. */
function later(x: unknown, y: unknown): number {
  if (typeof x === 'number' && typeof y === 'number') return y - x;
  if (typeof x === 'string' && typeof y === 'string') return x < y ? 1 : x > y ? -1 : 0;
  return (
    (typeof y === 'number' || typeof y === 'string' ? 1 : 0) -
    (typeof x === 'number' || typeof x === 'string' ? 1 : 0)
  );
}

/**
 * Ids newest first by the time (or push id) beside each, ties by id: a member counts with their newest
 * MAX_MEMBER_TASTE_GAMES (suggestion-matrix.ts), whatever order the database answered in.
 */
function newestFirst(timed: Iterable<readonly [string, unknown]>): string[] {
  return [...timed].sort(([a, x], [b, y]) => later(x, y) || (a < b ? -1 : a > b ? 1 : 0)).map(([id]) => id);
}

/** The yes or no answers of one `suggestions_by_userid/{uid}` node (game id → the answer's push id), newest first. */
const answered = (node: unknown, answer: 'yes' | 'no'): string[] => {
  const answers = isObject(node) ? node[answer] : undefined;
  return isObject(answers) ? newestFirst(Object.entries(answers)) : [];
};

/** `shelves_by_userid`: the public index of members' shelves (shelvesByUserIdNode), read here by member key. */
const SHELVES_INDEX = 'shelves_by_userid';

/** How many members' private `gamelist` nodes are read at once (each one request). */
const GAMELISTS_AT_ONCE = 50;

/** The next `pageSize` members of an index keyed by uid after `after`, in the database's key order. */
async function memberKeyPage(
  db: RtdbClient,
  index: string,
  after: string | null,
  pageSize: number,
): Promise<{ members: [string, unknown][]; full: boolean }> {
  const page: unknown = await db.get(
    index,
    after === null
      ? { orderBy: '$key', limitToFirst: pageSize }
      : { orderBy: '$key', startAt: after, limitToFirst: pageSize + 1 },
  );
  // A query's JSON answer is in no particular order: put it back in the database's key order.
  const members = Object.entries(isObject(page) ? page : {})
    .filter(([uid]) => uid !== after)
    .sort(([a], [b]) => byDatabaseKey(a, b));
  return { members, full: members.length >= pageSize };
}

/** What a member's `gamelist` says (gamelistTaste), newest first: each entry checked on its own. */
function shelfTaste(node: unknown): { liked: string[]; disliked: string[] } {
  if (!isObject(node)) return { liked: [], disliked: [] };
  const entries = new Map(
    Object.entries(node).flatMap(([gameId, value]) => {
      const entry = gamelistEntrySchema.safeParse(value);
      return entry.success ? [[gameId, entry.data] as const] : [];
    }),
  );
  const newest = newestFirst([...entries].map(([gameId, entry]) => [gameId, entry.timestamp] as const));
  return gamelistTaste(newest.map((gameId) => [gameId, entries.get(gameId) ?? {}] as const));
}

/**
 * Every member's taste, a page at a time, in key order. Members are found in two indexes: those who follow
 * something (`follows_by_userid`) and those who shelved something (`shelves_by_userid`; rating a game
 * shelves it). Each round reads the next `pageSize` members of both and takes those up to the smaller of
 * the two last keys (the other index may hold more members before it, read next round), so every member
 * is read once with all they said. Their answers are the same key range of `suggestions_by_userid`, and
 * the shelves and scores of those with shelves are their private `gamelist` (server credential), read
 * GAMELISTS_AT_ONCE at a time: scores are private and no index holds them.
 */
export async function* memberTastePages(db: RtdbClient, pageSize: number): AsyncGenerator<MemberTaste[]> {
  let after: string | null = null;
  for (;;) {
    const [follows, shelves] = await Promise.all([
      memberKeyPage(db, SOCIAL_ROOTS.followsByUserId, after, pageSize),
      memberKeyPage(db, SHELVES_INDEX, after, pageSize),
    ]);
    const lasts = [follows, shelves].flatMap(({ members, full }) => {
      const last = members.at(-1)?.[0];
      return last === undefined ? [] : [{ last, full }];
    });
    if (lasts.length === 0) return;
    const fullLasts = lasts.filter(({ full }) => full).map(({ last }) => last);
    // The smaller last key of an index with more to read; when both are read to the end, the larger.
    const end = (fullLasts.length > 0 ? fullLasts : lasts.map(({ last }) => last)).sort(byDatabaseKey)[
      fullLasts.length > 0 ? 0 : lasts.length - 1
    ] as string;
    const upToEnd = (members: [string, unknown][]) => members.filter(([uid]) => byDatabaseKey(uid, end) <= 0);
    const followsOf = new Map(upToEnd(follows.members));
    const shelved = upToEnd(shelves.members).map(([uid]) => uid);
    const uids = [...new Set([...followsOf.keys(), ...shelved])].sort(byDatabaseKey);
    const first = uids[0] as string;
    const [answers, gamelists] = await Promise.all([
      db.get(SOCIAL_ROOTS.suggestionsByUserId, { orderBy: '$key', startAt: first, endAt: end }),
      (async () => {
        const read = new Map<string, unknown>();
        for (let start = 0; start < shelved.length; start += GAMELISTS_AT_ONCE) {
          const batch = shelved.slice(start, start + GAMELISTS_AT_ONCE);
          const nodes = await Promise.all(
            batch.map((uid) => db.get(`${userSectionPath(uid, 'private')}/gamelist`)),
          );
          batch.forEach((uid, index) => read.set(uid, nodes[index]));
        }
        return read;
      })(),
    ]);
    const answersOf = isObject(answers) ? answers : {};
    yield uids.map((uid) => ({
      follows: followedGames(followsOf.get(uid)),
      yes: answered(answersOf[uid], 'yes'),
      no: answered(answersOf[uid], 'no'),
      ...shelfTaste(gamelists.get(uid)),
    }));
    if (fullLasts.length === 0) return;
    after = end;
  }
}

/** Writes `updates` (relative to `path`) in multi-path PATCHes of at most `size` keys. */
async function patchInBatches(
  db: RtdbClient,
  path: string,
  updates: [string, unknown][],
  size: number,
): Promise<number> {
  let writes = 0;
  for (let start = 0; start < updates.length; start += size) {
    await db.patch(path, Object.fromEntries(updates.slice(start, start + size)));
    writes += 1;
  }
  return writes;
}

/** Games whose kept suggestions one PATCH writes (each reads its old ones and up to 10 summaries first). */
const KEPT_SUGGESTIONS_PER_WRITE = 20;

/**
 * Writes the suggestions each game of `rows` keeps (its new `se_matrix` row, or null when it has none
 * now): per batch, one parallel round reads the games and the summaries they need (kept across batches in
 * `summaries`) and what each kept before, then one PATCH writes them with the index of where summaries are
 * kept. Answers the number of PATCHes.
 */
export async function writeKeptSuggestions(
  db: RtdbClient,
  rows: readonly (readonly [string, Readonly<Record<string, number>> | null])[],
  summaries: Map<string, GameSummaryRecord> = new Map(),
  missing: Set<string> = new Set(),
): Promise<number> {
  let writes = 0;
  for (let start = 0; start < rows.length; start += KEPT_SUGGESTIONS_PER_WRITE) {
    const batch = rows.slice(start, start + KEPT_SUGGESTIONS_PER_WRITE);
    const needed = batch.flatMap(([gameId, row]) => [
      gameId,
      ...(row ? bestSuggestions(gameId, row).map(([id]) => id) : []),
    ]);
    const [read, before] = await Promise.all([
      readGameSummaries(
        db,
        needed.filter((id) => !summaries.has(id) && !missing.has(id)),
      ),
      Promise.all(batch.map(([gameId]) => db.get(suggestedGamesPath(gameId), { shallow: true }))),
    ]);
    for (const [id, summary] of read.summaries) summaries.set(id, summary);
    for (const id of read.missing) missing.add(id);
    const updates: Record<string, unknown> = {};
    batch.forEach(([gameId, row], index) => {
      const kept = before[index];
      const keptIds = kept !== null && typeof kept === 'object' ? Object.keys(kept) : [];
      Object.assign(updates, planKeptSuggestions(gameId, row, summaries, keptIds, !missing.has(gameId)));
    });
    await db.patch('', updates);
    writes += 1;
  }
  return writes;
}

export interface SuggestionEngineRun {
  members: number;
  gamesWithRows: number;
  rowsDeleted: number;
  seedGames: string[];
  pages: number;
  /** PATCHes of the matrix and the seed games. */
  writes: number;
  /** PATCHes of the suggestions games keep (writeKeptSuggestions). */
  keptWrites: number;
}

/** One run of the engine (see the file's comment); answers what it did. */
export async function runSuggestionEngine(
  { db, log }: Pick<JobContext, 'db' | 'log'>,
  options: SuggestionEngineOptions = {},
): Promise<SuggestionEngineRun> {
  const { pageSize, rowShards, rowsPerWrite } = { ...DEFAULTS, ...options };
  const withRows = new Set<string>();
  let followers = new Map<string, number>();
  let members = 0;
  let pages = 0;
  let writes = 0;
  let keptWrites = 0;
  const summaries = new Map<string, GameSummaryRecord>();
  const missing = new Set<string>();
  for (let shard = 0; shard < rowShards; shard++) {
    const counts = new CoFollowCounts({ keepRow: (gameId) => rowShardOf(gameId, rowShards) === shard });
    for await (const page of memberTastePages(db, pageSize)) {
      for (const taste of page) counts.addMember(taste);
      pages += 1;
    }
    const rows: [string, Record<string, number>][] = [];
    for (const gameId of counts.rowGames()) {
      const row = matrixRow(counts, gameId, STORED_MATRIX_LIMITS);
      if (Object.keys(row).length === 0) continue;
      rows.push([gameId, row]);
      withRows.add(gameId);
    }
    writes += await patchInBatches(db, ROOTS.seMatrix, rows, rowsPerWrite);
    keptWrites += await writeKeptSuggestions(db, rows, summaries, missing);
    followers = counts.followers;
    members = counts.members;
    log(
      `suggestions: pass ${String(shard + 1)} of ${String(rowShards)}, ${String(rows.length)} rows written`,
    );
  }
  // Rows of games that no longer suggest anything (fewer followers, "no" answers) go.
  const stored: unknown = await db.get(ROOTS.seMatrix, { shallow: true });
  const stale = Object.keys(isObject(stored) ? stored : {}).filter((gameId) => !withRows.has(gameId));
  writes += await patchInBatches(
    db,
    ROOTS.seMatrix,
    stale.map((gameId) => [gameId, null]),
    rowsPerWrite,
  );
  keptWrites += await writeKeptSuggestions(
    db,
    stale.map((gameId) => [gameId, null] as const),
    summaries,
    missing,
  );
  const seedGames = chooseSeedGames(followers, withRows);
  await db.put(
    ROOTS.seMatrixSeedGames,
    seedGames.length > 0 ? Object.fromEntries(seedGames.map((id) => [id, true])) : null,
  );
  writes += 1;
  return {
    members,
    gamesWithRows: withRows.size,
    rowsDeleted: stale.length,
    seedGames,
    pages,
    writes,
    keptWrites,
  };
}

/** `npm run job -- suggestions` and the scheduled function `suggestions`. */
export const suggestionEngineJob: Job = {
  description: 'rebuilds the suggestion engine’s matrix (se_matrix) and seed games from follows and answers',
  async run(context) {
    const run = await runSuggestionEngine(context);
    return `${run.gamesWithRows.toLocaleString('en')} games with suggestions from ${run.members.toLocaleString('en')} members (${String(run.seedGames.length)} seed games, ${String(run.rowsDeleted)} old rows removed)`;
  },
};
