// Runs only on the Worker (imported by user-page.loader.ts, which the client build replaces with a stub).
import { z } from 'zod';
import { shelvesByUserIdNode } from '../../shared/rtdb/paths.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import {
  MEMBER_SHELVES_SHOWN,
  newestFirst,
  shelvedCopyGameSchema,
  shelvedGamesOfCopy,
  type ShelvedCopy,
} from '../../shared/schemas/shelved-copy.ts';
import type { MemberShelves, ShelvedGame } from '../components/shelves/member-shelves-data.ts';
import { loadMemberShelves } from '../components/shelves/member-shelves-on-demand.tsx';

/**
 * The games a profile shows on its first screen; the rest come a page at a time from the public endpoint
 * (GET /api/shelves/users/{uid}?cursor=, worker/api/shelves.ts), starting where this list ends. The
 * public section's copy keeps as many, and one more (shared/schemas/shelved-copy.ts).
 */
const SHELVES_SHOWN = MEMBER_SHELVES_SHOWN;

const shelfIndexRead = z.record(z.string(), z.unknown());

/**
 * A member's newest shelved games, and whether there are more; with the section's code
 * (member-shelves-on-demand.tsx). Taken from the copy in their public section (`copy`, read with it) while
 * it matches their shelf index, else in one bounded query of the index (names kept in it, so no game is
 * read). Their counts come with the public section too.
 */
export async function newestShelvedGames(
  db: RtdbClient,
  uid: string,
  copy: ShelvedCopy | undefined,
): Promise<Pick<MemberShelves, 'games' | 'nextCursor'>> {
  const copied = shelvedGamesOfCopy(copy);
  // The section's module is loaded while the database answers, so that the server renders it whole.
  const [read] = await Promise.all([
    copied
      ? Object.fromEntries(copied.map(({ gameId, ...entry }) => [gameId, entry]))
      : db.query(
          shelvesByUserIdNode(uid).path,
          { orderBy: 'timestamp', limitToLast: SHELVES_SHOWN + 1 },
          shelfIndexRead,
        ),
    loadMemberShelves(),
  ]);
  const shelved: ShelvedGame[] = Object.entries(read ?? {}).flatMap(([gameId, entry]) => {
    const parsed = shelvedCopyGameSchema.safeParse(entry);
    return parsed.success
      ? [
          {
            gameId,
            status: parsed.data.status,
            timestamp: parsed.data.timestamp,
            name: parsed.data.name ?? gameId,
          },
        ]
      : [];
  });
  // Games shelved in the same millisecond in the order the index's query takes them (larger key last).
  const games = newestFirst(shelved);
  // The copy keeps SHELVES_SHOWN + 1 games, as the query reads: the last says whether there are more.
  const shown = games.slice(0, SHELVES_SHOWN);
  const last = shown.at(-1);
  return { games: shown, nextCursor: games.length > SHELVES_SHOWN && last ? String(last.timestamp) : null };
}
