import { z } from 'zod';
import { heldScores, readTasteBasis } from '../../shared/catalogue/taste-basis.ts';
import { tasteInCommon, TASTE_MIN_IN_COMMON } from '../../shared/catalogue/taste-in-common.ts';
import { gameNode, userBlocksNode, userSectionNode, userSectionPath } from '../../shared/rtdb/paths.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { recordIdSchema } from '../../shared/schemas/keys.ts';
import { gamelistEntrySchema } from '../../shared/schemas/shelf.ts';
import { tasteAnswerSchema, type TasteAnswer } from '../../shared/schemas/taste.ts';
import { apiError } from '../api-error.ts';
import { limitCostlyReads } from '../rate-limit/limits.ts';
import { ANA, HADES, POSTED_AT } from './route-examples.ts';
import { apiRoutes, jsonAnswer, memberRoute } from './route-definition.ts';
import { notFound, TOO_MANY_READS, type Failure } from './route-failures.ts';

// Taste in common (issue 24): on a member's profile, a signed-in visitor sees how much their ratings agree
// with the member's (shared/catalogue/taste-in-common.ts). What it may reveal: scores are private (the
// spec keeps them in the member's private section; neither the profile nor the public shelves index shows
// one), so the Worker reads both members' scores with the server credential and answers the agreement, the
// games both rated and the visitor's own score of each — never the other member's. Only a member sees it,
// only about another member, and nothing at all about a member either of them blocked. The caller's own
// scores are compared as they were when a comparison last showed an agreement, for a day
// (shared/catalogue/taste-basis.ts): re-rating a game and asking again would otherwise read out the
// member's score of it.

/**
 * The most shelf entries read of each member: their newest shelved or rated games (by when the game was
 * shelved). A member with thousands of ratings costs two bounded reads (about 60 bytes an entry), not all
 * of them; ratings of games shelved longer ago than that are not compared.
 */
export const TASTE_RATINGS_READ = 1000;

const uidParams = z.object({
  uid: recordIdSchema.meta({ description: 'The member to compare the caller’s ratings with.', example: ANA }),
});

const SELF: Failure = {
  status: 400,
  code: 'invalid-input',
  when: '`uid` is the caller’s own: taste in common compares the caller with another member.',
  message: 'That is you: taste in common compares your ratings with another member’s.',
};

const NO_SUCH_MEMBER = {
  ...notFound('member', 'No such member.'),
  when: 'No member has this `uid`, or one of the two blocked the other (the answer does not say which).',
};

const TOO_MANY_COMPARISONS: Failure = {
  ...TOO_MANY_READS,
  when:
    'The member asked for more comparisons in the last minute than anyone opening profiles does (120), ' +
    'or more came from their address than a household makes (300, whatever the accounts); wait ' +
    '`Retry-After` seconds.',
};

/**
 * Each comparison reads up to 2 × TASTE_RATINGS_READ entries, so comparisons are counted: 120 a minute per
 * account and 300 per address (a member opening profiles makes a few a minute; a script walking every
 * member is held to two a second, and its writes keep their own count).
 */
const limitComparisons = limitCostlyReads('taste');

const tasteOfMember = memberRoute({
  method: 'get',
  path: '/{uid}/taste',
  tags: ['Taste'],
  summary: 'Taste in common with a member',
  description:
    'How much the caller’s ratings agree with the member’s over the games both rated: agreement = 1 − ' +
    'mean absolute score difference / 9, in whole percent, shown from ' +
    `${String(TASTE_MIN_IN_COMMON)} games in common, with up to 3 games they agree on most (a point apart ` +
    'or less) and disagree on most (3 points or more). The member’s scores are private: the answer ' +
    'carries only the caller’s own score of each game. Each member’s newest ' +
    `${TASTE_RATINGS_READ.toLocaleString('en')} shelved games are compared. The caller’s scores are ` +
    'compared as they were when one of their comparisons first showed an agreement (`ratingsAsOf`), for ' +
    'a day: a score given or changed since counts a day after that, so that re-rating a game and asking ' +
    'again cannot read out the member’s score of it.',
  middleware: [limitComparisons],
  request: { params: uidParams },
  responses: {
    200: jsonAnswer(tasteAnswerSchema, 'How many games both rated, the agreement and the games named.', {
      inCommon: 12,
      minimum: TASTE_MIN_IN_COMMON,
      agreement: 81,
      agreeing: [{ gameId: HADES, name: 'Hades', yourScore: 10 }],
      disagreeing: [{ gameId: 'braid', name: 'Braid', yourScore: 8 }],
      ratingsAsOf: POSTED_AT,
    }),
  },
  refusals: [SELF, NO_SUCH_MEMBER, TOO_MANY_COMPARISONS],
});

const shelfEntries = z.record(z.string(), z.unknown());

/** A member's scores of their newest TASTE_RATINGS_READ shelved games: game id → score. */
async function newestScores(db: RtdbClient, uid: string): Promise<Record<string, number>> {
  const entries = await db.query(
    `${userSectionPath(uid, 'private')}/gamelist`,
    { orderBy: 'timestamp', limitToLast: TASTE_RATINGS_READ },
    shelfEntries,
  );
  const scores: Record<string, number> = {};
  for (const [gameId, value] of Object.entries(entries ?? {})) {
    const entry = gamelistEntrySchema.safeParse(value);
    if (entry.success && entry.data.score !== undefined) scores[gameId] = entry.data.score;
  }
  return scores;
}

/** Taste in common: GET compares the caller's ratings with the member's in the path. */
export const tasteApi = apiRoutes().openapi(tasteOfMember, async (c) => {
  const { uid } = c.req.valid('param');
  const me = c.var.user.uid;
  if (uid === me)
    throw apiError(400, 'invalid-input', { message: SELF.message, detail: 'taste in common with oneself' });
  const db = c.var.database.server;
  // One round: who the member is, the blocks either way, the member's scores and the caller's held copy.
  const [username, blockedByThem, blockedByMe, theirs, held] = await Promise.all([
    db.read(userSectionNode(uid, 'public').child('username').path, z.string()),
    db.get(userBlocksNode(uid, 'users').child(me).path),
    db.get(userBlocksNode(me, 'users').child(uid).path),
    newestScores(db, uid),
    readTasteBasis(db, me),
  ]);
  if (username === null || blockedByThem !== null || blockedByMe !== null)
    throw apiError(404, 'not-found', {
      message: NO_SUCH_MEMBER.message,
      detail: username === null ? 'taste in common with no member' : 'taste in common across a block',
    });
  // The caller's scores as held for the day; read now (a round more, once a day) when there is no copy.
  const yours = await heldScores(
    db,
    me,
    c.var.clock(),
    held,
    () => newestScores(db, me),
    (scores) => tasteInCommon(scores, theirs).agreement !== null,
  );
  const taste = tasteInCommon(yours.scores, theirs);
  // The caller's own scores are in it: kept by no cache on the way.
  c.header('Cache-Control', 'private, no-store');
  // Then the names of the few games named, in parallel.
  const named = [...taste.agreeing, ...taste.disagreeing];
  const names = await Promise.all(
    named.map(({ gameId }) => db.read(gameNode(gameId).child('name').path, z.string())),
  );
  const nameOf = new Map(named.map(({ gameId }, index) => [gameId, names[index] ?? null]));
  const view = (games: typeof named) =>
    games.map(({ gameId, yours: yourScore }) => {
      const name = nameOf.get(gameId);
      return { gameId, ...(name ? { name } : {}), yourScore };
    });
  const answer: TasteAnswer = {
    inCommon: taste.inCommon,
    minimum: TASTE_MIN_IN_COMMON,
    agreement: taste.agreement,
    agreeing: view(taste.agreeing),
    disagreeing: view(taste.disagreeing),
    ratingsAsOf: yours.asOf,
  };
  return c.json(answer, 200);
});
