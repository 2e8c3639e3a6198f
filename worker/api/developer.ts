import { z } from 'zod';
import { feedIdOf } from '../../shared/schemas/feed-id.ts';
import { readFeedPage } from '../../shared/feed/read-feed.ts';
import { queryRecords, readRecord } from '../../shared/records/read-records.ts';
import { userSectionNode } from '../../shared/rtdb/paths.ts';
import { eventAnswerSchema, gameAnswerSchema } from '../../shared/schemas/api-answers.ts';
import {
  DASHBOARD_MAX_ITEMS,
  DASHBOARD_RECENT_POSTS,
  developerDashboardSchema,
  type DeveloperDashboard,
} from '../../shared/schemas/developer-dashboard.ts';
import { EVENT, GAME } from '../../shared/records/record-kinds.ts';
import { developerEventUpdateSchema, newDeveloperEventSchema } from '../../shared/schemas/developer-event.ts';
import { developerGameUpdateSchema } from '../../shared/schemas/developer-game.ts';
import { deepLinkSchema } from '../../shared/schemas/keys.ts';
import {
  commitDeveloperEventUpdate,
  commitNewDeveloperEvent,
  gamesNotOwned,
} from '../../shared/transitions/developer-event.ts';
import { commitDeveloperGameUpdate, developsGame } from '../../shared/transitions/developer-game.ts';
import { apiError, databaseUnavailable } from '../api-error.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { dropEdgeCopy } from '../edge-cache.ts';
import { announceGameSummaryChanged } from '../queues/game-summary-refresh.ts';
import { developerRoute } from './role-route.ts';
import { apiRoutes, jsonAnswer, jsonBody } from './route-definition.ts';
import { notFound, type Failure } from './route-failures.ts';

const gameParams = z.object({ gameId: deepLinkSchema });
const eventParams = z.object({ eventId: deepLinkSchema });

/** Refuses (403) an event featuring games that are not the developer's own, before anything is written. */
async function requireOwnGames(db: RtdbClient, uid: string, games: readonly string[] | undefined) {
  if (games === undefined) return;
  const notOwned = await gamesNotOwned(db, uid, games);
  if (notOwned.length > 0)
    throw apiError(403, 'forbidden', {
      message: 'An event can only feature your own games.',
      detail: `not the developer's: ${notOwned.join(', ')}`,
    });
}

/** The pages an event shows on: its own, and home, which links the latest events. */
function purgeEventPages(c: WritingRequest, eventId: string): void {
  purgePage(c, `/event/${encodeURIComponent(eventId)}`);
  purgePage(c, '/');
}

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
    dropEdgeCopy(`${origin}${path}`).catch((error: unknown) => {
      console.error('Dropping the cached copy of a changed page failed', error);
    }),
  );
}

const gameAnswer = z.object({ game: gameAnswerSchema });
const eventAnswer = z.object({ event: eventAnswerSchema });

const NOT_OWN_GAMES: Failure = {
  status: 403,
  code: 'forbidden',
  when: 'The event features a game that is not the developer’s own; nothing was written.',
  message: 'An event can only feature your own games.',
};

const developerDashboard = developerRoute({
  method: 'get',
  path: '/dashboard',
  hide: true,
  summary: 'A developer’s games with followers and latest posts, and their events',
  responses: { 200: jsonAnswer(developerDashboardSchema, 'The dashboard (never stored by a cache).') },
});

const changeGame = developerRoute({
  method: 'patch',
  path: '/games/{gameId}',
  hide: true,
  summary: 'A developer’s change to their own game’s page',
  request: { params: gameParams, body: jsonBody(developerGameUpdateSchema) },
  responses: { 200: jsonAnswer(gameAnswer, 'The game as it is now.') },
  refusals: [
    {
      status: 403,
      code: 'forbidden',
      when: 'The caller does not develop this game.',
      message: 'Only the developer of this game can change it.',
    },
    notFound('game', 'That game does not exist.'),
  ],
});

const newEvent = developerRoute({
  method: 'post',
  path: '/events',
  hide: true,
  summary: 'A developer’s new event featuring their own games; its deep link is made from the name',
  request: { body: jsonBody(newDeveloperEventSchema) },
  responses: { 201: jsonAnswer(eventAnswer, 'The event made.') },
  refusals: [NOT_OWN_GAMES],
});

const changeEvent = developerRoute({
  method: 'patch',
  path: '/events/{eventId}',
  hide: true,
  summary: 'A change to an event the developer created; the deep link stays',
  request: { params: eventParams, body: jsonBody(developerEventUpdateSchema) },
  responses: { 200: jsonAnswer(eventAnswer, 'The event as it is now.') },
  refusals: [
    {
      status: 400,
      code: 'invalid-input',
      when: 'With the dates stored, the event would end before it starts.',
      message: 'The event ends on or after the day it starts.',
    },
    {
      status: 403,
      code: 'forbidden',
      when: 'Another developer created the event.',
      message: 'Only the developer who created this event can change it.',
    },
    NOT_OWN_GAMES,
    notFound('event', 'That event does not exist.'),
  ],
});

/**
 * Developer accounts (`readOnly.isDeveloper`) run the pages of the games an editor assigned them
 * (`developer.developerGames`). Each game is its developer's alone: another developer is refused (403).
 */
export const developerApi = apiRoutes()
  /**
   * The developer's dashboard: each of their games with its followers and latest posts, and the events
   * they created. Per member, so never stored by a cache.
   */
  .openapi(developerDashboard, async (c) => {
    const db = c.var.database.server;
    const developer = userSectionNode(c.var.user.uid, 'developer');
    const keysOf = z
      .record(z.string(), z.unknown())
      .transform((map) => Object.keys(map).filter((key) => deepLinkSchema.safeParse(key).success));
    // Their events are the ones whose record names them as author (`.indexOn: sourceUUID`), read in the
    // same round as their games: the record is the only place that says who made an event.
    const [gameIds, ownEvents] = await Promise.all([
      db.read(developer.child('developerGames').path, keysOf),
      queryRecords(db, EVENT, {
        orderBy: 'sourceUUID',
        equalTo: c.var.user.uid,
        limitToFirst: DASHBOARD_MAX_ITEMS,
      }),
    ]);
    const ownGames = (gameIds ?? []).slice(0, DASHBOARD_MAX_ITEMS);
    const [games, feeds] = await Promise.all([
      Promise.all(ownGames.map((gameId) => readRecord(db, GAME, gameId))),
      Promise.all(
        ownGames.map((gameId) =>
          readFeedPage(c.var.database.public, feedIdOf('game', gameId), null, DASHBOARD_RECENT_POSTS),
        ),
      ),
    ]);
    const dashboard: DeveloperDashboard = {
      games: games.flatMap((game, index) =>
        game
          ? [{ game, recentPosts: feeds[index]?.posts ?? [], activityAt: feeds[index]?.activityAt ?? null }]
          : [],
      ),
      events: ownEvents
        .filter((event) => event.sourceUUID === c.var.user.uid)
        .sort((a, b) => (b.starts_on ?? '').localeCompare(a.starts_on ?? '')),
    };
    c.header('Cache-Control', 'private, no-store');
    return c.json(dashboard, 200);
  })
  .openapi(changeGame, async (c) => {
    const { gameId } = c.req.valid('param');
    const db = c.var.database.server;
    const [game, owns] = await Promise.all([
      readRecord(db, GAME, gameId),
      developsGame(db, c.var.user.uid, gameId),
    ]);
    if (!game) throw apiError(404, 'not-found', { message: 'That game does not exist.' });
    if (!owns)
      throw apiError(403, 'forbidden', { message: 'Only the developer of this game can change it.' });
    const { summaryChanged } = await commitDeveloperGameUpdate(db, gameId, c.req.valid('json'));
    // The lists, events and suggestion rows showing the game follow through the queue, a moment later.
    if (summaryChanged) await announceGameSummaryChanged(c.env, gameId);
    purgePage(c, `/game/${encodeURIComponent(gameId)}`);
    const changed = await readRecord(db, GAME, gameId);
    if (!changed) throw databaseUnavailable(`game ${gameId} unreadable right after its update`);
    return c.json({ game: changed }, 200);
  })
  /**
   * A new event featuring some of the developer's own games, with its dates; its deep link is made from
   * the name and never changes after. 201 with the event.
   */
  .openapi(newEvent, async (c) => {
    const db = c.var.database.server;
    const request = c.req.valid('json');
    await requireOwnGames(db, c.var.user.uid, request.games);
    const eventId = await commitNewDeveloperEvent(db, c.var.user.uid, request);
    purgeEventPages(c, eventId);
    const event = await readRecord(db, EVENT, eventId);
    if (!event) throw databaseUnavailable(`event ${eventId} unreadable right after it was created`);
    return c.json({ event }, 201);
  })
  /** A change to an event the developer created (403 for anyone else's, 404 for none), in one PATCH. */
  .openapi(changeEvent, async (c) => {
    const { eventId } = c.req.valid('param');
    const db = c.var.database.server;
    const update = c.req.valid('json');
    const event = await readRecord(db, EVENT, eventId);
    if (!event) throw apiError(404, 'not-found', { message: 'That event does not exist.' });
    if (event.sourceUUID !== c.var.user.uid)
      throw apiError(403, 'forbidden', {
        message: 'Only the developer who created this event can change it.',
      });
    const startsOn = update.starts_on ?? event.starts_on;
    const endsOn = update.ends_on ?? event.ends_on;
    if (startsOn && endsOn && endsOn < startsOn)
      throw apiError(400, 'invalid-input', {
        message: 'The event ends on or after the day it starts.',
        detail: 'event dates out of order',
      });
    await requireOwnGames(db, c.var.user.uid, update.games);
    await commitDeveloperEventUpdate(db, eventId, update, Object.keys(event.games));
    purgeEventPages(c, eventId);
    const changed = await readRecord(db, EVENT, eventId);
    if (!changed) throw databaseUnavailable(`event ${eventId} unreadable right after its update`);
    return c.json({ event: changed }, 200);
  });
