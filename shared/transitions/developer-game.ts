import { z } from 'zod';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import { gameNode, userSectionNode } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
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
 * none of these fields, so it needs no entry; search reads a game's icon from the game itself. The
 * summaries of the game kept beside what shows it follow through the queue (commitDeveloperGameUpdate).
 */
export function planDeveloperGameUpdate(gameId: string, update: DeveloperGameUpdate): MultiPathUpdate {
  const game = gameNode(gameId);
  return {
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

/**
 * Writes a developer's change to their game in one PATCH and answers whether what the game's summary shows
 * changed (the icon, the one summary field a developer may change): the caller then sends the queue's
 * `game-summary-changed` message, whose consumer rewrites the kept copies (game-summary-refresh.ts), so this
 * write stays one PATCH however many lists, events and suggestion rows show the game.
 */
export async function commitDeveloperGameUpdate(
  db: RtdbClient,
  gameId: string,
  update: DeveloperGameUpdate,
): Promise<{ summaryChanged: boolean }> {
  await db.patch('', planDeveloperGameUpdate(gameId, update));
  return { summaryChanged: update.icon !== undefined };
}
