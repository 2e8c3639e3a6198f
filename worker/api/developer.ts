import { Hono } from 'hono';
import { z } from 'zod';
import { readRecord } from '../../shared/records/read-records.ts';
import { GAME } from '../../shared/records/record-kinds.ts';
import { developerGameUpdateSchema } from '../../shared/schemas/developer-game.ts';
import { deepLinkSchema } from '../../shared/schemas/keys.ts';
import { commitDeveloperGameUpdate, developsGame } from '../../shared/transitions/developer-game.ts';
import { apiError } from '../api-error.ts';
import type { AppEnv } from '../app-env.ts';
import { requireRole } from '../auth/require-role.ts';
import { requireUser } from '../auth/require-user.ts';
import { cacheKeyFor } from '../edge-cache.ts';
import { validate } from '../validate.ts';

const gameParams = z.object({ gameId: deepLinkSchema });

/** What purging reads of the API request that made the change. */
interface WritingRequest {
  req: { url: string };
  executionCtx: { waitUntil(work: Promise<unknown>): void };
}

/**
 * Drops this data centre's edge copy of a page a developer changed, so the next visitor sees the change
 * at once instead of a copy up to 11 minutes old (see worker/feed-page-purge.ts for what the Cache API
 * reaches and what it does not). Done after the answer; a failure only leaves the copy to expire.
 */
function purgePage(c: WritingRequest, path: string): void {
  const origin = new URL(c.req.url).origin;
  c.executionCtx.waitUntil(
    caches.default.delete(cacheKeyFor(`${origin}${path}`)).catch((error: unknown) => {
      console.error('Dropping the cached copy of a changed page failed', error);
    }),
  );
}

/**
 * Developer accounts (`readOnly.isDeveloper`) run the pages of the games an editor assigned them
 * (`developer.developerGames`). Each game is its developer's alone: another developer is refused (403).
 */
export const developerApi = new Hono<AppEnv>()
  .use(requireUser, requireRole('developer'))
  .patch(
    '/games/:gameId',
    validate('param', gameParams),
    validate('json', developerGameUpdateSchema),
    async (c) => {
      const { gameId } = c.req.valid('param');
      const db = c.var.database.server;
      const [game, owns] = await Promise.all([
        readRecord(db, GAME, gameId),
        developsGame(db, c.var.user.uid, gameId),
      ]);
      if (!game) throw apiError(404, 'not-found', { message: 'That game does not exist.' });
      if (!owns)
        throw apiError(403, 'forbidden', { message: 'Only the developer of this game can change it.' });
      await commitDeveloperGameUpdate(db, gameId, c.req.valid('json'));
      purgePage(c, `/game/${encodeURIComponent(gameId)}`);
      const changed = await readRecord(db, GAME, gameId);
      if (!changed) throw new Error(`game ${gameId} unreadable right after its update`);
      return c.json({ game: changed });
    },
  );
