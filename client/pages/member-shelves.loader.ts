// Runs only on the Worker (imported by user-page.loader.ts, which the client build replaces with a stub).
import { z } from 'zod';
import { shelvesByUserIdNode } from '../../shared/rtdb/paths.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { shelfIndexEntrySchema } from '../../shared/schemas/shelf.ts';
import type { MemberShelves, ShelvedGame } from '../components/shelves/member-shelves-data.ts';
import { loadMemberShelves } from '../components/shelves/member-shelves-on-demand.tsx';

/**
 * The games a profile shows on its first screen; the rest come a page at a time from the public endpoint
 * (GET /api/shelves/users/{uid}?cursor=, worker/api/shelves.ts), starting where this list ends.
 */
const SHELVES_SHOWN = 12;

const shelfIndexRead = z.record(z.string(), z.unknown());

/**
 * A member's newest shelved games in one bounded query of their public shelf index (names kept in it, so
 * no game is read), and whether there are more; with the section's code (member-shelves-on-demand.tsx).
 * Their counts come with the public section the page reads.
 */
export async function newestShelvedGames(
  db: RtdbClient,
  uid: string,
): Promise<Pick<MemberShelves, 'games' | 'nextCursor'>> {
  // The section's module is loaded while the database answers, so that the server renders it whole.
  const [read] = await Promise.all([
    db.query(
      shelvesByUserIdNode(uid).path,
      { orderBy: 'timestamp', limitToLast: SHELVES_SHOWN + 1 },
      shelfIndexRead,
    ),
    loadMemberShelves(),
  ]);
  const games: ShelvedGame[] = Object.entries(read ?? {})
    .flatMap(([gameId, entry]) => {
      const parsed = shelfIndexEntrySchema.safeParse(entry);
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
    })
    .sort((a, b) => b.timestamp - a.timestamp);
  const shown = games.slice(0, SHELVES_SHOWN);
  const last = shown.at(-1);
  return { games: shown, nextCursor: games.length > SHELVES_SHOWN && last ? String(last.timestamp) : null };
}
