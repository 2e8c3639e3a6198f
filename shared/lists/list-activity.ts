import { listActivityNode } from '../rtdb/paths.ts';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import { pushId } from '../push-id.ts';
import { LIST_ACTIVITY_NAMED_GAMES, type ListActivity } from '../schemas/list-activity-record.ts';

/**
 * THE way to tell a list's followers that it gained games. Whoever adds games to a list (the list
 * editor's transition, the curated lists import) adds these entries to the SAME multi-path PATCH that
 * writes the list, so the event exists exactly when the games do:
 *
 *   planListGainedGames(listCode, gameIds, at) → MultiPathUpdate
 *
 * - `listCode`: the list's code (a validated deep link, the key of `lists/{code}`).
 * - `gameIds`: the games newly in the list, in the order the list shows them (repeats are dropped);
 *   see gamesGained() to compute them from the list before and after an edit. Empty: no event, `{}`.
 * - `at`: the time of the edit in milliseconds (the caller's clock, as tests inject it): the event's
 *   place in the home feed.
 *
 * Writes one record `list_activity/{listCode}/{eventId}` → { games, count, timestamp } (see
 * list-activity-record.ts), indexed by `timestamp`. Games removed from a list make no event.
 */
export function planListGainedGames(
  listCode: string,
  gameIds: readonly string[],
  at: number,
  newId: (now: number) => string = pushId,
): MultiPathUpdate {
  const games = [...new Set(gameIds)];
  if (games.length === 0) return {};
  const record: ListActivity = {
    games: games.slice(0, LIST_ACTIVITY_NAMED_GAMES),
    count: games.length,
    timestamp: at,
  };
  return listActivityNode(listCode).child(newId(at)).set(record);
}

/** The shape of a list's collections both a list record and an edit share: collection → game → position. */
interface ListGames {
  games: Record<string, { games: Record<string, number> }>;
}

/**
 * The games in `next` that `previous` did not hold in any collection (null: a new list), in the order
 * the list shows them: collections by key, then position. A game moved between collections is not gained.
 */
export function gamesGained(previous: ListGames | null, next: ListGames): string[] {
  const before = new Set(Object.values(previous?.games ?? {}).flatMap((c) => Object.keys(c.games)));
  const gained: string[] = [];
  for (const [, collection] of Object.entries(next.games).sort(([a], [b]) => a.localeCompare(b)))
    for (const [id] of Object.entries(collection.games).sort(
      ([idA, a], [idB, b]) => a - b || idA.localeCompare(idB),
    ))
      if (!before.has(id) && !gained.includes(id)) gained.push(id);
  return gained;
}
