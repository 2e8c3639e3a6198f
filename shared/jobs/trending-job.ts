// The trending job: reads what members did on games over the last four weeks and keeps
// `indices_public/trendingIndex` and each game's `weighted_index` by the rule of trending-score.ts.
//
// Reads are bounded by recent activity, never by the size of the catalogue or of the social graph:
// follows, posts, likes and suggestion answers are read by time (`orderByChild("timestamp")` from the
// window's start, a page at a time), plus the games the previous run left with a trending score (they
// must come down as their activity ages out). Only members' acts count: an act whose author has no member
// record (`users_public/{uid}`, written for every registered member and guest) is dropped, so an account
// made at the auth provider and never registered moves nothing here, whatever it managed to write (the
// API refuses its writes: worker/auth/require-member.ts). Page views are not acts and are never read. Only
// games whose ranking changed are written, in batches
// of one atomic PATCH each that also moves the games' entries in the genre and tag index
// (catalogue-facet-index.ts), so browse never disagrees with top games. Then home's copy of the top games
// (shared/catalogue/home-top-games.ts) is kept from the games as they rank now: one query of the top games.

import { z } from 'zod';
import { facetIndexUpdates, type GameFacetChange } from '../catalogue/catalogue-facet-index.ts';
import { compareKeys } from '../rtdb/key-order.ts';
import { sameStoredValue } from '../rtdb/same-stored-value.ts';
import { hottestGames, planHomeTrending } from '../catalogue/home-highlights.ts';
import { keepHomeTopGames } from '../catalogue/home-top-games.ts';
import { gamePath, HOME_TRENDING_PATH, ROOTS, SOCIAL_ROOTS } from '../rtdb/paths.ts';
import { gameSchema as gameRecordSchema } from '../schemas/game.ts';
import { gameSummaryRecordOf } from '../schemas/game-summary.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import type { Job, JobContext } from './job.ts';
import {
  activityPoints,
  rankedWeightedIndex,
  trendingIndex,
  trendingScores,
  TRENDING_WINDOW_MS,
  type GameActivity,
  type RankedActivity,
} from './trending-score.ts';

/** Records read per request. */
const PAGE_SIZE = 1000;
/** Records read one by one at a time (liked posts and comments). */
const PARALLEL_READS = 25;
/** Games (and what the last run added to them) read per key-range request, and such requests at a time. */
const RANGE_CHUNK = 100;
const PARALLEL_CHUNKS = 4;
/** Games re-ranked per atomic PATCH (each carries its genre and tag index entries, ~20 paths). */
const WRITE_BATCH = 50;

const followSchema = z.object({
  userUUID: z.string(),
  targetUUID: z.string(),
  type: z.string().optional(),
  timestamp: z.number(),
  disabled: z.boolean().optional(),
});
const postSchema = z.object({
  sourceUUID: z.string(),
  targetUUID: z.string(),
  targetType: z.string().optional(),
  timestamp: z.number(),
});
const likeSchema = z.object({
  sourceUUID: z.string(),
  targetUUID: z.string(),
  targetType: z.string().optional(),
  timestamp: z.number(),
  disabled: z.boolean().optional(),
});
const suggestionSchema = z.object({
  userUUID: z.string(),
  targetUUID: z.string(),
  success: z.enum(['yes', 'no']),
  timestamp: z.number(),
});
const commentSchema = z.object({ postUUID: z.string() });
const gameSchema = z.object({
  follows: z.number().catch(0).default(0),
  weighted_index: z.number().optional().catch(undefined),
  genres: z.array(z.string()).catch([]).default([]),
  tags: z.array(z.string()).catch([]).default([]),
});
const rankedActivitySchema = z.object({
  activity: z.number(),
  recent: z.number(),
  weighted_index: z.number(),
});

/**
 * Every child of `root` whose number `child` is at least `from`, in that order, a page at a time. The
 * children sharing the last value of a page are read again by the next page and kept once; a page wholly
 * of one value (more children with it than a page holds) is read again twice as large.
 */
export async function childrenFrom(
  db: RtdbClient,
  root: string,
  child: string,
  from: number,
  pageSize: number = PAGE_SIZE,
): Promise<Map<string, unknown>> {
  const found = new Map<string, unknown>();
  let startAt = from;
  let limit = pageSize;
  for (;;) {
    const page = await db.get(root, { orderBy: child, startAt, limitToFirst: limit });
    const children = page !== null && typeof page === 'object' ? Object.entries(page) : [];
    let last = startAt;
    for (const [key, value] of children) {
      const sortValue = (value as Record<string, unknown> | null)?.[child];
      if (typeof sortValue === 'number' && sortValue > last) last = sortValue;
      found.set(key, value);
    }
    if (children.length < limit) break;
    if (last === startAt) limit *= 2;
    else {
      startAt = last;
      limit = pageSize;
    }
  }
  return found;
}

/** Every record of `root` written since `since` that `schema` accepts (a malformed one counts as nothing). */
async function recordsSince<T>(
  db: RtdbClient,
  root: string,
  since: number,
  schema: z.ZodType<T>,
): Promise<Map<string, T>> {
  const found = new Map<string, T>();
  for (const [key, value] of await childrenFrom(db, root, 'timestamp', since)) {
    const parsed = schema.safeParse(value);
    if (parsed.success) found.set(key, parsed.data);
  }
  return found;
}

/** Reads `paths` a few at a time; answers each value (null when absent) by path. */
async function readAll(db: RtdbClient, paths: readonly string[]): Promise<Map<string, unknown>> {
  const values = new Map<string, unknown>();
  for (let start = 0; start < paths.length; start += PARALLEL_READS) {
    const chunk = paths.slice(start, start + PARALLEL_READS);
    const read = await Promise.all(chunk.map((path) => db.get(path)));
    chunk.forEach((path, index) => values.set(path, read[index]));
  }
  return values;
}

/** Every act on a game since `since` by a member, as far as the records tell (targets not yet checked to be games). */
async function recentActivity(db: RtdbClient, since: number): Promise<GameActivity[]> {
  const [follows, posts, likes, suggestions] = await Promise.all([
    recordsSince(db, SOCIAL_ROOTS.follows, since, followSchema),
    recordsSince(db, SOCIAL_ROOTS.posts, since, postSchema),
    recordsSince(db, SOCIAL_ROOTS.likes, since, likeSchema),
    recordsSince(db, SOCIAL_ROOTS.suggestions, since, suggestionSchema),
  ]);
  const activity: { by: string; act: GameActivity }[] = [];
  for (const follow of follows.values())
    if (follow.type === 'game' && !follow.disabled)
      activity.push({
        by: follow.userUUID,
        act: { gameId: follow.targetUUID, kind: 'follow', at: follow.timestamp },
      });
  for (const post of posts.values())
    if (post.targetType === undefined || post.targetType === 'game')
      activity.push({
        by: post.sourceUUID,
        act: { gameId: post.targetUUID, kind: 'post', at: post.timestamp },
      });
  for (const answer of suggestions.values())
    activity.push({
      by: answer.userUUID,
      act: {
        gameId: answer.targetUUID,
        kind: answer.success === 'yes' ? 'suggestion-yes' : 'suggestion-no',
        at: answer.timestamp,
      },
    });

  // A like is on a post or a comment; it counts for the game whose feed the post is on.
  const liveLikes = [...likes.values()].filter((like) => !like.disabled);
  const commentIds = [
    ...new Set(liveLikes.filter((like) => like.targetType === 'comment').map((like) => like.targetUUID)),
  ];
  const comments = await readAll(
    db,
    commentIds.map((id) => `${SOCIAL_ROOTS.comments}/${id}`),
  );
  const postOfComment = new Map<string, string>();
  for (const id of commentIds) {
    const parsed = commentSchema.safeParse(comments.get(`${SOCIAL_ROOTS.comments}/${id}`));
    if (parsed.success) postOfComment.set(id, parsed.data.postUUID);
  }
  const likedPost = (like: z.infer<typeof likeSchema>) =>
    like.targetType === 'comment' ? postOfComment.get(like.targetUUID) : like.targetUUID;
  const postIds = [...new Set(liveLikes.map(likedPost))].filter(
    (id): id is string => id !== undefined && !posts.has(id),
  );
  const olderPosts = await readAll(
    db,
    postIds.map((id) => `${SOCIAL_ROOTS.posts}/${id}`),
  );
  const feedOfPost = new Map<string, z.infer<typeof postSchema>>(posts);
  for (const id of postIds) {
    const parsed = postSchema.safeParse(olderPosts.get(`${SOCIAL_ROOTS.posts}/${id}`));
    if (parsed.success) feedOfPost.set(id, parsed.data);
  }
  for (const like of liveLikes) {
    const postId = likedPost(like);
    const post = postId === undefined ? undefined : feedOfPost.get(postId);
    if (post && (post.targetType === undefined || post.targetType === 'game'))
      activity.push({
        by: like.sourceUUID,
        act: { gameId: post.targetUUID, kind: 'like', at: like.timestamp },
      });
  }
  const members = await membersAmong(
    db,
    activity.map(({ by }) => by),
  );
  return activity.filter(({ by }) => members.has(by)).map(({ act }) => act);
}

/**
 * Which of `uids` have a member record (`users_public/{uid}`: a registered member's or a guest's). Read by
 * key range, a chunk of ids at a time, so the reads grow with the authors of the window's acts, never
 * with the number of accounts.
 */
async function membersAmong(db: RtdbClient, uids: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(uids)].filter((uid) => uid !== '' && !/[.#$[\]/]/.test(uid));
  const entries = await childrenByKey(db, ROOTS.usersPublic, ids);
  return new Set([...entries].filter(([, entry]) => entry !== null).map(([uid]) => uid));
}

/**
 * The children `ids` of `root` (null for those absent): ids in key order, a chunk at a time, each chunk
 * one read of its key range limited to twice its ids (dense when the ids are most of the range, as the
 * active games of a catalogue are); the ids past what that read covered are read one by one.
 */
async function childrenByKey(
  db: RtdbClient,
  root: string,
  ids: readonly string[],
): Promise<Map<string, unknown>> {
  const found = new Map<string, unknown>();
  const sorted = [...new Set(ids)].sort(compareKeys);
  const chunks: string[][] = [];
  for (let start = 0; start < sorted.length; start += RANGE_CHUNK)
    chunks.push(sorted.slice(start, start + RANGE_CHUNK));
  const readChunk = async (chunk: string[]) => {
    const first = chunk[0];
    const last = chunk.at(-1);
    if (first === undefined || last === undefined) return;
    const limit = chunk.length * 2;
    const range = await db.get(root, { orderBy: '$key', startAt: first, endAt: last, limitToFirst: limit });
    const children = range !== null && typeof range === 'object' ? Object.entries(range) : [];
    const values = new Map(children);
    let lastCovered = last;
    if (children.length >= limit)
      lastCovered = children.map(([key]) => key).reduce((a, b) => (compareKeys(a, b) >= 0 ? a : b));
    const rest = chunk.filter((id) => compareKeys(id, lastCovered) > 0);
    const restValues = await Promise.all(rest.map((id) => db.get(`${root}/${id}`)));
    rest.forEach((id, index) => values.set(id, restValues[index]));
    for (const id of chunk) found.set(id, values.get(id) ?? null);
  };
  for (let start = 0; start < chunks.length; start += PARALLEL_CHUNKS)
    await Promise.all(chunks.slice(start, start + PARALLEL_CHUNKS).map(readChunk));
  return found;
}

/** Keeps trending and top games from recent activity (see trending-score.ts for the rule). */
export async function runTrending({ db, now, log }: JobContext): Promise<string> {
  const at = now();
  const activity = await recentActivity(db, at - TRENDING_WINDOW_MS);
  log(`${activity.length.toLocaleString('en')} recent acts on games`);
  const scores = trendingScores(activity, at);
  // The games the previous run left with a trending score are re-ranked even if quiet now (scores are
  // kept to 3 decimals: anything from 0.0005 up is above 0); what it added to them comes with them.
  const stillTrending = await childrenFrom(db, ROOTS.rankingActivity, 'recent', 0.0005);
  const gameIds = [...new Set([...activity.map((act) => act.gameId), ...stillTrending.keys()])];

  // The games themselves (ids that are not games are dropped here) and what the last run added to them.
  const [gameRecords, otherRanked] = await Promise.all([
    childrenByKey(db, ROOTS.games, gameIds),
    childrenByKey(
      db,
      ROOTS.rankingActivity,
      gameIds.filter((id) => !stillTrending.has(id)),
    ),
  ]);
  const games = new Map<string, z.infer<typeof gameSchema>>();
  const changes: { gameId: string; update: Record<string, unknown>; facets: GameFacetChange }[] = [];
  for (const gameId of gameIds) {
    const value = gameRecords.get(gameId);
    const parsed = value === null ? null : gameSchema.safeParse(value);
    if (!parsed?.success) continue;
    const game = parsed.data;
    games.set(gameId, game);
    const lastValue = rankedActivitySchema.safeParse(stillTrending.get(gameId) ?? otherRanked.get(gameId));
    const last: RankedActivity | null = lastValue.success ? lastValue.data : null;
    const recent = scores.get(gameId) ?? 0;
    const ranked: RankedActivity = {
      activity: activityPoints(game.follows, recent),
      recent,
      weighted_index: rankedWeightedIndex(game.weighted_index, last, activityPoints(game.follows, recent)),
    };
    const moved = ranked.weighted_index !== game.weighted_index;
    const remembered =
      last?.activity === ranked.activity &&
      last.recent === ranked.recent &&
      last.weighted_index === ranked.weighted_index;
    if (!moved && remembered) continue;
    const update: Record<string, unknown> = { [`${ROOTS.rankingActivity}/${gameId}`]: ranked };
    if (moved) update[`${gamePath(gameId)}/weighted_index`] = ranked.weighted_index;
    const facets = { genres: game.genres, tags: game.tags };
    changes.push({
      gameId,
      update,
      facets: {
        gameId,
        before: { ...facets, weightedIndex: game.weighted_index },
        after: { ...facets, weightedIndex: ranked.weighted_index },
      },
    });
  }

  for (let start = 0; start < changes.length; start += WRITE_BATCH) {
    const batch = changes.slice(start, start + WRITE_BATCH);
    const updates: Record<string, unknown> = {};
    for (const { update } of batch) Object.assign(updates, update);
    // Games whose ranking did not move keep their index entries as they are.
    Object.assign(
      updates,
      facetIndexUpdates(
        batch
          .filter(({ facets }) => facets.before?.weightedIndex !== facets.after?.weightedIndex)
          .map((c) => c.facets),
      ),
    );
    await db.patch('', updates);
  }
  const reranked = changes.filter(
    ({ facets }) => facets.before?.weightedIndex !== facets.after?.weightedIndex,
  );
  log(`${reranked.length.toLocaleString('en')} games re-ranked`);

  const index = trendingIndex(new Map([...scores].filter(([id]) => games.has(id))));
  const stored = await db.get(ROOTS.trendingIndex);
  const sameIndex = JSON.stringify(sortedEntries(stored)) === JSON.stringify(sortedEntries(index));
  // Home keeps the hottest games with their summaries beside its highlights, for its page to read in one
  // read (shared/catalogue/home-highlights.ts), written with the index when either changed.
  const keptBefore = await db.get(HOME_TRENDING_PATH);
  const summaries = new Map(
    hottestGames(index).flatMap(([id]) => {
      const game = gameRecordSchema.safeParse(gameRecords.get(id));
      return game.success ? [[id, gameSummaryRecordOf(game.data)] as const] : [];
    }),
  );
  const keptHome = planHomeTrending(
    index,
    summaries,
    keptBefore !== null && typeof keptBefore === 'object' ? Object.keys(keptBefore) : [],
  );
  const sameKept = sameStoredValue(keptBefore, keptHome[HOME_TRENDING_PATH] ?? null);
  if (!sameIndex || !sameKept)
    await db.patch('', {
      ...(sameIndex ? {} : { [ROOTS.trendingIndex]: Object.keys(index).length > 0 ? index : null }),
      ...keptHome,
    });
  // Home keeps the top games with their summaries too, from the rankings just written (and any an import
  // wrote since the last run): it writes only when what home shows changed.
  const topGames = await keepHomeTopGames(db);
  log(`${String(topGames.kept)} top games kept on home${topGames.written ? '' : ', unchanged'}`);
  const trending = Object.keys(index).length;
  return `${trending.toLocaleString('en')} games trending, ${reranked.length.toLocaleString('en')} re-ranked`;
}

function sortedEntries(value: unknown): [string, unknown][] {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

export const trendingJob: Job = {
  description: 'ranks trending and top games from the last four weeks of follows, posts, likes and answers',
  run: runTrending,
};
