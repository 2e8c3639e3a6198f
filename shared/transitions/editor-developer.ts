import { z } from 'zod';
import { userSectionNode } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { requireGames } from './editor-games.ts';
import { TransitionRefused } from './transition-refused.ts';

/** The member's username, or a refusal when no member has that uid. */
async function requireMember(db: RtdbClient, uid: string): Promise<string> {
  const username = await db.read(userSectionNode(uid, 'public').child('username').path, z.string());
  if (username === null)
    throw new TransitionRefused('target-missing', 'That member does not exist.', `member ${uid} not found`);
  return username;
}

/**
 * Makes member `uid` a developer (`readOnly.isDeveloper`), and when `games` are given, the games they run
 * (`developer.developerGames`, game id → true, replacing the ones before). One PATCH. Answers the username.
 */
export async function commitDeveloperGrant(
  db: RtdbClient,
  uid: string,
  games: readonly string[] | undefined,
): Promise<{ username: string }> {
  const username = await requireMember(db, uid);
  if (games) await requireGames(db, games);
  await db.patch('', {
    ...userSectionNode(uid, 'readOnly').child('isDeveloper').set(true),
    ...(games
      ? userSectionNode(uid, 'developer')
          .child('developerGames')
          .set(Object.fromEntries(games.map((id) => [id, true])))
      : {}),
  });
  return { username };
}

/** Takes developer status and their games from member `uid`, in one PATCH. Answers the username. */
export async function commitDeveloperRevoke(db: RtdbClient, uid: string): Promise<{ username: string }> {
  const username = await requireMember(db, uid);
  await db.patch('', {
    ...userSectionNode(uid, 'readOnly').child('isDeveloper').set(false),
    ...userSectionNode(uid, 'developer').child('developerGames').set(null),
  });
  return { username };
}
