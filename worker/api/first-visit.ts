import { z } from 'zod';
import { fetchTopGames } from '../../shared/catalogue/top-games.ts';
import { toGameSummary } from '../../shared/page-data.ts';
import { userSectionPath } from '../../shared/rtdb/paths.ts';
import { FIRST_VISIT_GAMES, firstVisitSchema, onboardedSchema } from '../../shared/schemas/first-visit.ts';
import { commitOnboarded } from '../../shared/transitions/onboarded.ts';
import { apiRoutes, jsonAnswer, memberRoute, memberWriteRoute } from './route-definition.ts';

// The first visit (shared/schemas/first-visit.ts): what it offers to pick from, and its end. Both are
// hidden from the API's document: they are steps of the site's own sign-up flow, of no use to another
// client (shelving itself is the documented PUT /api/games/{gameId}/status).

const firstVisit = memberRoute({
  method: 'get',
  path: '/first-visit',
  hide: true,
  summary: 'What the first visit offers',
  description: 'Whether the caller has been through it, and the top games they have not shelved yet.',
  responses: { 200: jsonAnswer(firstVisitSchema, 'The caller’s state and the games to pick from.') },
});

const onboarded = memberWriteRoute({
  method: 'put',
  path: '/onboarded',
  hide: true,
  summary: 'End the first visit',
  description: 'Done or skipped: the first visit is not offered again. Idempotent.',
  responses: { 200: jsonAnswer(onboardedSchema, 'The caller is onboarded.') },
});

/** A map's keys (a shallow read's answer), or none. */
const keysOf = (value: unknown): string[] =>
  value !== null && typeof value === 'object' ? Object.keys(value) : [];

/**
 * `GET /api/me/first-visit`: the top games (as home ranks them) less those the member already shelved, and
 * whether they are onboarded; `PUT /api/me/onboarded` ends the first visit. Both read and write only the
 * caller's own record, named by their token.
 */
export const firstVisitApi = apiRoutes()
  .openapi(firstVisit, async (c) => {
    const { uid, idToken } = c.var.user;
    const own = c.var.database.asUser(idToken);
    c.header('Cache-Control', 'private, no-store');
    const [isOnboarded, shelved, top] = await Promise.all([
      own.read(`${userSectionPath(uid, 'private')}/isOnboarded`, z.boolean()),
      own.get(`${userSectionPath(uid, 'private')}/gamelist`, { shallow: true }).then(keysOf),
      fetchTopGames(c.var.database.public),
    ]);
    const skip = new Set(shelved);
    const games = top
      .filter((game) => !skip.has(game.uuid))
      .slice(0, FIRST_VISIT_GAMES)
      .map(toGameSummary);
    return c.json({ isOnboarded: isOnboarded === true, games }, 200);
  })
  .openapi(onboarded, async (c) => {
    const answer = await commitOnboarded(c.var.database.server, c.var.user.uid);
    return c.json(answer, 200);
  });
