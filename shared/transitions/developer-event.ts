import { z } from 'zod';
import { slugFromName } from '../catalogue/slug.ts';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import { eventNode, gameNode, userSectionNode } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { planSummaryPlaceEntries } from '../catalogue/game-summary-places.ts';
import { readGameSummaries } from '../catalogue/game-summary-reads.ts';
import type { GameSummaryRecord } from '../schemas/game-summary.ts';
import type { DeveloperEventUpdate, NewDeveloperEvent } from '../schemas/developer-event.ts';

/** The longest deep link made from a name (the schema allows 100; suffixes need room). */
const DEEP_LINK_BASE_LENGTH = 80;
/** Numbered deep links tried before a random one, when a name is already taken (`name-2`, … `name-9`). */
const NUMBERED_TRIES = 9;

/** The deep link an event's name gives: the catalogue's slug, shortened, or `event` when nothing is left. */
export function eventDeepLinkBase(name: string): string {
  const slug = slugFromName(name).slice(0, DEEP_LINK_BASE_LENGTH).replace(/-+$/, '');
  return slug === '' ? 'event' : slug;
}

/** The featured games as the event stores them: game id to its place in the order shown (from 1). */
export function eventGamesMap(games: readonly string[]): Record<string, number> {
  return Object.fromEntries(games.map((gameId, index) => [gameId, index + 1] as const));
}

/**
 * Which of `games` are not this developer's to feature: not among their `developerGames`, or not a game
 * of the catalogue (one read of their games, one parallel round of names).
 */
export async function gamesNotOwned(
  db: RtdbClient,
  uid: string,
  games: readonly string[],
): Promise<string[]> {
  const [owned, names] = await Promise.all([
    db.read(
      userSectionNode(uid, 'developer').child('developerGames').path,
      z.record(z.string(), z.unknown()),
    ),
    Promise.all(games.map((gameId) => db.read(gameNode(gameId).child('name').path, z.string()))),
  ]);
  return games.filter((gameId, index) => !owned?.[gameId] || names[index] === null);
}

/** The record of a new event, as stored at `events/{deepLink}`; its author alone may change it. */
function newEventRecord(
  uid: string,
  deepLink: string,
  event: NewDeveloperEvent,
  summaries: Record<string, GameSummaryRecord>,
) {
  return {
    name: event.name,
    deeplink_url_code: deepLink,
    ...(event.description ? { content: { description: event.description } } : {}),
    games: eventGamesMap(event.games),
    ...(Object.keys(summaries).length > 0 ? { game_summaries: summaries } : {}),
    starts_on: event.starts_on,
    ends_on: event.ends_on,
    ...(event.place ? { place: event.place } : {}),
    sourceUUID: uid,
  };
}

/**
 * Creates a developer's event under a deep link made from its name, in ONE write: the record is written by
 * a conditional PUT that only succeeds while nothing is there (two events of the same name never
 * overwrite each other: the second gets `name-2`, and so on). The record holds its author
 * (`sourceUUID`), which decides who may change it and is what the dashboard finds their events by (an
 * indexed query), so no second index can be left half-written. The event keeps its games' summaries
 * (shared/schemas/game-summary.ts, read first), and once it is written, the index of where they are kept
 * names it (a second PATCH: the conditional PUT cannot carry it, and an entry written before could name
 * an event that never was). Answers the deep link.
 */
export async function commitNewDeveloperEvent(
  db: RtdbClient,
  uid: string,
  event: NewDeveloperEvent,
  random: () => string = () => Math.random().toString(36).slice(2, 8),
): Promise<string> {
  const base = eventDeepLinkBase(event.name);
  const summaries = Object.fromEntries((await readGameSummaries(db, event.games)).summaries);
  const candidates = [
    base,
    ...Array.from({ length: NUMBERED_TRIES - 1 }, (_, index) => `${base}-${String(index + 2)}`),
    `${base}-${random()}`,
  ];
  for (const deepLink of candidates) {
    const node = eventNode(deepLink);
    const existing = await db.getTagged(node.path);
    if (existing.value !== null) continue;
    if (await db.putIfUnchanged(node.path, newEventRecord(uid, deepLink, event, summaries), existing.etag)) {
      await db.patch('', planSummaryPlaceEntries({ kind: 'event', eventId: deepLink }, [], event.games));
      return deepLink;
    }
  }
  throw new Error(`no free deep link for the event "${base}"`);
}

/**
 * A change to an event as field-level writes of one PATCH: the deep link, author and follower count are
 * never among them. An empty description or place removes it; games are replaced as a whole, with their
 * summaries (`summaries`, read for them) and the index of where those are kept (the event showed
 * `gamesBefore`).
 */
export function planDeveloperEventUpdate(
  eventId: string,
  update: DeveloperEventUpdate,
  summaries: Record<string, GameSummaryRecord> = {},
  gamesBefore: readonly string[] = [],
): MultiPathUpdate {
  const event = eventNode(eventId);
  return {
    ...(update.games === undefined
      ? {}
      : {
          ...event.child('game_summaries').set(Object.keys(summaries).length > 0 ? summaries : null),
          ...planSummaryPlaceEntries({ kind: 'event', eventId }, gamesBefore, update.games),
        }),
    ...event.merge({
      name: update.name,
      starts_on: update.starts_on,
      ends_on: update.ends_on,
      ...(update.place === undefined ? {} : { place: update.place === '' ? null : update.place }),
      ...(update.games === undefined ? {} : { games: eventGamesMap(update.games) }),
    }),
    ...(update.description === undefined
      ? {}
      : event.child('content').merge({ description: update.description === '' ? null : update.description })),
  };
}

/** Commits a change to an event that showed `gamesBefore` (see planDeveloperEventUpdate), in one PATCH. */
export async function commitDeveloperEventUpdate(
  db: RtdbClient,
  eventId: string,
  update: DeveloperEventUpdate,
  gamesBefore: readonly string[] = [],
): Promise<void> {
  const summaries =
    update.games === undefined
      ? {}
      : Object.fromEntries((await readGameSummaries(db, update.games)).summaries);
  await db.patch('', planDeveloperEventUpdate(eventId, update, summaries, gamesBefore));
}
