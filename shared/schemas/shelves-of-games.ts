import { z } from 'zod';
import { recordIdSchema } from './keys.ts';
import { shelfSchema } from './shelf.ts';

// A member's shelves for the games a page shows (`GET /api/shelves/mine`): the page is the same for
// everyone (edge-cached), so a member's marks on its game cards come after it, in one request.

/** Most games one request may ask about (each is a read of the member's own entry): a page's game cards. */
export const MAX_SHELF_CHECKS = 50;

/** The caller's shelf of each game asked about that is on one; those on no shelf are left out. */
export const shelvesOfGamesSchema = z.object({ shelves: z.record(recordIdSchema, shelfSchema) });
export type ShelvesOfGames = z.infer<typeof shelvesOfGamesSchema>;
