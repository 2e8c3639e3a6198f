import { z } from 'zod';
import { gamelistEntryPath } from '../../shared/rtdb/paths.ts';
import { ratingRequestSchema, ratingsOf, ratingStateSchema } from '../../shared/schemas/rating.ts';
import { gamelistEntrySchema } from '../../shared/schemas/shelf.ts';
import { commitRating, ratingSummaryPath } from '../../shared/transitions/rating.ts';
import { purgeFeedPage } from '../feed-page-purge.ts';
import { gameParams } from './game-parameters.ts';
import { apiRoutes, jsonAnswer, jsonBody, memberRoute, memberWriteRoute } from './route-definition.ts';
import { BUSY, notFound } from './route-failures.ts';

// Ratings (shared/schemas/rating.ts): a member scores a game 1 to 10, or clears their score; the game
// keeps how many rated it, the sum and how many gave each score, which its page shows.

const ratingsExample = { count: 6, sum: 47, distribution: [0, 0, 0, 0, 0, 1, 1, 2, 1, 1] };

const rateGame = memberWriteRoute({
  method: 'put',
  path: '/games/{gameId}/rating',
  tags: ['Ratings'],
  summary: 'Rate a game',
  description:
    'One score per member and game, 1 to 10; rating again replaces it. Rating a game the caller has on ' +
    'no shelf puts it on `played`. Idempotent: the same score again answers `changed: false`.',
  request: { params: gameParams, body: jsonBody(ratingRequestSchema, { score: 8 }) },
  responses: {
    200: jsonAnswer(ratingStateSchema, 'The caller’s score and shelf, and the game’s ratings after it.', {
      score: 8,
      changed: true,
      status: 'played',
      ratings: ratingsExample,
    }),
  },
  refusals: [notFound('game', 'That game does not exist.'), BUSY],
});

const clearRating = memberWriteRoute({
  method: 'delete',
  path: '/games/{gameId}/rating',
  tags: ['Ratings'],
  summary: 'Clear one’s rating of a game',
  description: 'The game stays on its shelf. Idempotent: a game not rated answers `changed: false`.',
  request: { params: gameParams },
  responses: {
    200: jsonAnswer(ratingStateSchema, 'No score, and the game’s ratings after it.', {
      score: null,
      changed: true,
      status: 'played',
      ratings: { count: 5, sum: 39, distribution: [0, 0, 0, 0, 0, 1, 1, 1, 1, 1] },
    }),
  },
  refusals: [BUSY],
});

const ratingOfGame = memberRoute({
  method: 'get',
  path: '/games/{gameId}/rating',
  tags: ['Ratings'],
  summary: 'The caller’s rating of a game',
  description: 'With the caller’s shelf for it and the game’s ratings.',
  request: { params: gameParams },
  responses: {
    200: jsonAnswer(ratingStateSchema, 'The caller’s score (null: none), shelf and the game’s ratings.', {
      score: 9,
      changed: false,
      status: 'played',
      ratings: ratingsExample,
    }),
  },
});

/** Ratings: PUT rates the game in the path as the caller, DELETE clears it (both idempotent), GET reads it. */
export const ratingsApi = apiRoutes()
  .openapi(rateGame, async (c) => {
    const { gameId } = c.req.valid('param');
    const { score } = c.req.valid('json');
    const state = await commitRating(
      c.var.database.server,
      { uid: c.var.user.uid, gameId, score },
      c.var.clock,
    );
    // The game's page shows its ratings: its edge copy goes, so the member sees theirs counted on reload.
    if (state.changed) purgeFeedPage(c, { feed: { type: 'game', id: gameId } });
    return c.json(state, 200);
  })
  .openapi(clearRating, async (c) => {
    const { gameId } = c.req.valid('param');
    const state = await commitRating(
      c.var.database.server,
      { uid: c.var.user.uid, gameId, score: null },
      c.var.clock,
    );
    if (state.changed) purgeFeedPage(c, { feed: { type: 'game', id: gameId } });
    return c.json(state, 200);
  })
  .openapi(ratingOfGame, async (c) => {
    const { gameId } = c.req.valid('param');
    const { uid, idToken } = c.var.user;
    // The caller's own score, private: kept by no cache on the way (a shared computer's browser included).
    c.header('Cache-Control', 'private, no-store');
    const [entry, summary] = await Promise.all([
      c.var.database.asUser(idToken).read(gamelistEntryPath(uid, gameId), gamelistEntrySchema),
      c.var.database.public.read(ratingSummaryPath(gameId), z.record(z.string(), z.number())),
    ]);
    return c.json(
      {
        score: entry?.score ?? null,
        changed: false,
        status: entry?.status ?? null,
        ratings: ratingsOf(summary),
      },
      200,
    );
  });
