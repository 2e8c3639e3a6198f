import { z } from 'zod';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import {
  eventPath,
  followedCopyPath,
  followsByUserIdPath,
  gameSummaryPlacesPath,
  HOME_HIGHLIGHTS_SUMMARIES_PATH,
  HOME_TOP_GAMES_PATH,
  HOME_TOP_RATED_PATH,
  HOME_TRENDING_PATH,
  listPath,
  ROOTS,
  suggestedGamesPath,
} from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import type { GameSummaryRecord } from '../schemas/game-summary.ts';
import { targetName } from '../schemas/feed-id.ts';

// Where each game's summary is kept, so that a change to the game rewrites exactly those copies. The
// records that show games keep their summaries (a list's games, an event's featured games, the games
// suggested with a game, the home page's highlighted, hottest, top and top rated games:
// shared/schemas/game-summary.ts), and `game_summary_places/{gameId}` names them,
// place key → true. Whoever writes summaries into a record writes these entries in the same PATCH, and
// deletes those of games the record no longer shows, so the index names what is there and nothing else:
// a refresh reads one node and writes one path per place, never searching the records.

/** A record keeping its games' summaries in one node (game id → summary). */
export type SummariesPlace =
  | { kind: 'list'; code: string }
  | { kind: 'event'; eventId: string }
  | { kind: 'suggested'; gameId: string }
  | { kind: 'home'; part: 'highlights' | 'trending' | 'top-rated' | 'top-games' };

/**
 * Where summaries of games are kept: a record's node of them, a member's follows, whose index entry of
 * each followed game keeps its summary (`follows_by_userid/{uid}/game:{gameId}/summary`), or the copy of
 * their newest followed games in their public section, which their page reads
 * (`users/{uid}/public/followedGames/games/{gameId}/summary`, shared/schemas/followed-copy.ts).
 */
export type SummaryPlace =
  SummariesPlace | { kind: 'follower'; uid: string } | { kind: 'member-page'; uid: string };

/**
 * The place's key in the index: `list:{code}`, `event:{id}`, `suggested:{gameId}`, `home:highlights`,
 * `follower:{uid}`, `member-page:{uid}`.
 */
export function summaryPlaceKey(place: SummaryPlace): string {
  switch (place.kind) {
    case 'follower':
      return `follower:${place.uid}`;
    case 'member-page':
      return `member-page:${place.uid}`;
    case 'list':
      return `list:${place.code}`;
    case 'event':
      return `event:${place.eventId}`;
    case 'suggested':
      return `suggested:${place.gameId}`;
    case 'home':
      return `home:${place.part}`;
  }
}

/** The place a key names, or null for a key of no known kind (left alone). */
export function parseSummaryPlaceKey(key: string): SummaryPlace | null {
  const at = key.indexOf(':');
  const id = key.slice(at + 1);
  if (at < 0 || id === '' || id.includes('/')) return null;
  switch (key.slice(0, at)) {
    case 'list':
      return { kind: 'list', code: id };
    case 'event':
      return { kind: 'event', eventId: id };
    case 'suggested':
      return { kind: 'suggested', gameId: id };
    case 'follower':
      return { kind: 'follower', uid: id };
    case 'member-page':
      return { kind: 'member-page', uid: id };
    case 'home':
      return id === 'highlights' || id === 'trending' || id === 'top-rated' || id === 'top-games'
        ? { kind: 'home', part: id }
        : null;
    default:
      return null;
  }
}

/** Where each part of home keeps its games' summaries. */
const HOME_SUMMARIES_PATHS = {
  highlights: HOME_HIGHLIGHTS_SUMMARIES_PATH,
  trending: HOME_TRENDING_PATH,
  'top-rated': HOME_TOP_RATED_PATH,
  'top-games': HOME_TOP_GAMES_PATH,
} as const satisfies Record<Extract<SummariesPlace, { kind: 'home' }>['part'], string>;

/** The node holding the summaries a place keeps (game id → summary; a suggestion's also holds its ratio). */
export function summariesPathAt(place: SummariesPlace): string {
  switch (place.kind) {
    case 'list':
      return `${listPath(place.code)}/game_summaries`;
    case 'event':
      return `${eventPath(place.eventId)}/game_summaries`;
    case 'suggested':
      return suggestedGamesPath(place.gameId);
    case 'home':
      return HOME_SUMMARIES_PATHS[place.part];
  }
}

/**
 * The index entries of a place that showed `before` and shows `after` now (game ids): an entry for each
 * game it shows, none left for a game it no longer shows. For the same PATCH as the summaries.
 */
export function planSummaryPlaceEntries(
  place: SummaryPlace,
  before: Iterable<string>,
  after: Iterable<string>,
): MultiPathUpdate {
  const key = summaryPlaceKey(place);
  const shown = new Set(after);
  const updates: Record<string, unknown> = {};
  for (const gameId of before)
    if (!shown.has(gameId)) updates[`${gameSummaryPlacesPath(gameId)}/${key}`] = null;
  for (const gameId of shown) updates[`${gameSummaryPlacesPath(gameId)}/${key}`] = true;
  return updates;
}

/** The places keeping a summary of `gameId` (one read of its index entry). */
export async function summaryPlacesOf(db: RtdbClient, gameId: string): Promise<SummaryPlace[]> {
  const entries = await db.read(gameSummaryPlacesPath(gameId), z.record(z.string(), z.unknown()));
  return Object.keys(entries ?? {}).flatMap((key) => parseSummaryPlaceKey(key) ?? []);
}

/** The summary fields a change of the game sets; a field set to null is removed, one left out is kept. */
export type SummaryChange = { readonly [K in keyof GameSummaryRecord]?: GameSummaryRecord[K] | null };

/** Where a place keeps the summary of `gameId`. */
export function summaryPathAt(place: SummaryPlace, gameId: string): string {
  switch (place.kind) {
    case 'follower':
      return `${followsByUserIdPath(place.uid)}/${targetName('game', gameId)}/summary`;
    case 'member-page':
      return `${followedCopyPath(place.uid)}/games/${gameId}/summary`;
    default:
      return `${summariesPathAt(place)}/${gameId}`;
  }
}

/** The writes that make each copy at `places` of the summary of `gameId` carry `change`, field by field. */
export function planSummaryChange(
  places: readonly SummaryPlace[],
  gameId: string,
  change: SummaryChange,
): MultiPathUpdate {
  const updates: Record<string, unknown> = {};
  for (const place of places) {
    const base = summaryPathAt(place, gameId);
    for (const [field, value] of Object.entries(change as Record<string, unknown>))
      if (value !== undefined) updates[`${base}/${field}`] = value;
  }
  return updates;
}

/** Copies rewritten per PATCH by a refresh (a game shown in thousands of places takes several). */
export const SUMMARY_COPIES_PER_WRITE = 500;

/**
 * Makes every kept copy of the summary of `gameId` carry `change`: one read of where it is kept, then
 * its copies in PATCHes of SUMMARY_COPIES_PER_WRITE. Bounded by the places showing the game, never by
 * the size of the records. For a change given field by field; the Worker's changes (through the queue)
 * and the importer rewrite the copies from the game as it is instead (game-summary-refresh.ts), so that
 * a late or repeated refresh never writes an older summary. Answers how many copies it rewrote.
 */
export async function refreshGameSummary(
  db: RtdbClient,
  gameId: string,
  change: SummaryChange,
): Promise<number> {
  const places = await summaryPlacesOf(db, gameId);
  for (let start = 0; start < places.length; start += SUMMARY_COPIES_PER_WRITE)
    await db.patch(
      '',
      planSummaryChange(places.slice(start, start + SUMMARY_COPIES_PER_WRITE), gameId, change),
    );
  return places.length;
}

/** The ids of every game kept in a summary somewhere (one shallow read: the index's keys). */
export async function gamesWithSummaryPlaces(db: RtdbClient): Promise<Set<string>> {
  const keys = await db.get(ROOTS.gameSummaryPlaces, { shallow: true });
  return new Set(keys && typeof keys === 'object' ? Object.keys(keys) : []);
}
