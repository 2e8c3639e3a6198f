import { z } from 'zod';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import { gameNode, userSectionNode } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import {
  planSummaryChange,
  SUMMARY_COPIES_PER_WRITE,
  summaryPlacesOf,
  type SummaryPlace,
} from '../catalogue/game-summary-places.ts';
import type { DeveloperGameUpdate } from '../schemas/developer-game.ts';

/**
 * Whether `uid` is a developer of `gameId`: the game is among their `developerGames` (granted by an
 * editor, never by the member). Read with the server credential.
 */
export async function developsGame(db: RtdbClient, uid: string, gameId: string): Promise<boolean> {
  const entry = await db.read(
    userSectionNode(uid, 'developer').child('developerGames').child(gameId).path,
    z.unknown(),
  );
  return entry !== null && entry !== undefined && entry !== false;
}

/**
 * Whether `uid` is a developer account (`readOnly.isDeveloper`) and a developer of `gameId`: both read at
 * once. A revoked role leaves old posts marked as they were, and marks no new ones.
 */
export async function isGameDeveloper(db: RtdbClient, uid: string, gameId: string): Promise<boolean> {
  const [flag, owns] = await Promise.all([
    db.read(userSectionNode(uid, 'readOnly').child('isDeveloper').path, z.boolean()),
    developsGame(db, uid, gameId),
  ]);
  return flag === true && owns;
}

/**
 * A developer's change to their game's page as field-level writes of one PATCH: fields not given stay as
 * they are, and the name, deep link and follower count are never among them (the deep link is the page's
 * address, kept stable). The browse index of genres and tags (shared/catalogue/game-updates.ts) watches
 * none of these fields, so it needs no entry; search reads a game's icon from the game itself. A new icon
 * is also written into every summary of the game kept beside what shows it (`summaryPlaces`, see
 * shared/catalogue/game-summary-places.ts), in the same PATCH, so no list or event shows the old one.
 */
export function planDeveloperGameUpdate(
  gameId: string,
  update: DeveloperGameUpdate,
  summaryPlaces: readonly SummaryPlace[] = [],
): MultiPathUpdate {
  const game = gameNode(gameId);
  return {
    ...(update.icon === undefined ? {} : planSummaryChange(summaryPlaces, gameId, { icon: update.icon })),
    ...(update.description === undefined
      ? {}
      : game.child('content').merge({ description: update.description })),
    ...(update.icon === undefined ? {} : game.child('icon').set(update.icon)),
    ...(update.content_custom === undefined
      ? {}
      : game.child('content_custom').merge({ icon: update.content_custom.icon })),
    ...(update.content_ios === undefined
      ? {}
      : game.child('content_ios').merge({ icon: update.content_ios.icon })),
  };
}

export async function commitDeveloperGameUpdate(
  db: RtdbClient,
  gameId: string,
  update: DeveloperGameUpdate,
): Promise<void> {
  // Where the game's summary is kept matters only when the icon, the one summary field a developer may
  // change, changes. A game kept in very many places (suggested with thousands of games) has the copies
  // past the first SUMMARY_COPIES_PER_WRITE rewritten by further PATCHes, so no PATCH grows without bound.
  const places = update.icon === undefined ? [] : await summaryPlacesOf(db, gameId);
  await db.patch('', planDeveloperGameUpdate(gameId, update, places.slice(0, SUMMARY_COPIES_PER_WRITE)));
  for (let start = SUMMARY_COPIES_PER_WRITE; start < places.length; start += SUMMARY_COPIES_PER_WRITE)
    await db.patch(
      '',
      planSummaryChange(places.slice(start, start + SUMMARY_COPIES_PER_WRITE), gameId, { icon: update.icon }),
    );
}
