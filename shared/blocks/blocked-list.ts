import { gamesByIds } from '../catalogue/suggested-games.ts';
import { toGameSummary, type GameSummary } from '../page-data.ts';
import { userBlocksNode, userSectionPath } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { timestampMapSchema } from '../schemas/user.ts';
import { z } from 'zod';

/** A member someone blocked, as the list of blocks names them. */
export interface BlockedMember {
  uid: string;
  /** Their username, or null when their profile is gone. */
  username: string | null;
}

/** What a member blocked that they can take back: members, and games they are not interested in. */
export interface BlockedList {
  members: BlockedMember[];
  games: GameSummary[];
}

/** How many of each are listed: the most recent (each is one read of a name or a game). */
export const BLOCKED_LISTED = 20;

const usernameOnly = z.object({ username: z.string() }).loose();

/** The ids of a timestamp map, most recently blocked first, at most BLOCKED_LISTED. */
function mostRecent(map: Record<string, number> | null): string[] {
  return Object.entries(map ?? {})
    .sort(([, a], [, b]) => b - a)
    .slice(0, BLOCKED_LISTED)
    .map(([id]) => id);
}

/**
 * The members and games `uid` blocked, most recent first, with names: two rounds (the member's blocks,
 * read by `own` — their token, the rules decide — then the names and games from `pub`, all in parallel).
 */
export async function blockedList(own: RtdbClient, pub: RtdbClient, uid: string): Promise<BlockedList> {
  const [members, games] = await Promise.all([
    own.read(userBlocksNode(uid, 'users').path, timestampMapSchema).then(mostRecent),
    own.read(userBlocksNode(uid, 'games').path, timestampMapSchema).then(mostRecent),
  ]);
  const [names, gameRecords] = await Promise.all([
    Promise.all(
      members.map((member) =>
        pub.read(userSectionPath(member, 'public'), usernameOnly).then(
          (section) => section?.username ?? null,
          () => null,
        ),
      ),
    ),
    gamesByIds(pub, games),
  ]);
  return {
    members: members.map((member, i) => ({ uid: member, username: names[i] ?? null })),
    games: gameRecords.map(toGameSummary),
  };
}
