import { z } from 'zod';
import {
  gamePath,
  profilePath,
  SOCIAL_ROOTS,
  suggestionHistoryOfUserPath,
  userSectionPath,
} from '../../shared/rtdb/paths.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { LIBRARY_EXPORT_FORMAT } from '../../shared/schemas/library-limits.ts';
import { gamelistEntrySchema } from '../../shared/schemas/shelf.ts';
import type { LibraryExport } from '../../shared/schemas/library-export.ts';
import { suggestionAnswerSchema } from '../../shared/schemas/suggestion.ts';
import type { Database } from '../database.ts';
import type { VerifiedUser } from '../app-env.ts';

// Everything a member has put in, read for their export. What the rules let the member read is read with
// their own token (their private section: follows, likes, blocks, hidden tags; their suggestion answers;
// their profile); their posts
// and comments are found by author, a query the rules keep to the server, made with the server credential
// for the uid their token proved — never for an id the request names.

/** A map of id → time, with anything that is not one left out. */
const timesSchema = z.record(z.string(), z.unknown()).catch({});
const privateSectionSchema = z
  .object({
    follows: z
      .object({
        users: timesSchema.optional(),
        games: timesSchema.optional(),
        events: timesSchema.optional(),
      })
      .catch({}),
    likes: timesSchema.optional(),
    gamelist: z.record(z.string(), z.unknown()).optional().catch({}),
    hiddenTags: timesSchema.optional(),
    blocks: z
      .object({
        posts: timesSchema.optional(),
        comments: timesSchema.optional(),
        users: timesSchema.optional(),
        games: timesSchema.optional(),
      })
      .catch({}),
  })
  .partial();
const suggestionHistorySchema = z.record(
  z.string(),
  z.object({ success: suggestionAnswerSchema }).loose().nullable().catch(null),
);
const authoredSchema = z.record(z.string(), z.unknown());
const postFieldsSchema = z.object({
  sourceUUID: z.string(),
  targetUUID: z.string(),
  targetType: z.string().optional(),
  content: z.string().catch(''),
  timestamp: z.number().catch(0),
  /** A review's marker (shared/schemas/review-badge.ts): the game it reviews. */
  review: z.object({ game: z.string() }).loose().optional().catch(undefined),
});
const commentFieldsSchema = z.object({
  sourceUUID: z.string(),
  postUUID: z.string(),
  content: z.string().catch(''),
  timestamp: z.number().catch(0),
});
const gameFieldsSchema = z.object({
  name: z.string().optional().catch(undefined),
  steam_appid: z.number().optional().catch(undefined),
});
const profileWordsSchema = z
  .object({ brief: z.string().catch(''), details: z.string().catch('') })
  .partial()
  .catch({});
const usernameSchema = z.object({ username: z.string().optional().catch(undefined) }).catch({});

/**
 * Followed games whose names are looked up (one read each, a few at a time). Past this a game is
 * exported by its id alone, which the import still matches exactly.
 */
export const MAX_EXPORT_GAME_NAMES = 500;
const GAME_READS_AT_ONCE = 6;

/** Newest first, ties by id (so that an export reads the same twice). */
const newestFirst = (a: { id: string; at: number }, b: { id: string; at: number }) =>
  b.at - a.at || (a.id < b.id ? -1 : 1);

/** Id → time pairs, newest first. */
function timed(map: Record<string, unknown> | undefined): { id: string; at: number }[] {
  return Object.entries(map ?? {})
    .flatMap(([id, at]) => (typeof at === 'number' ? [{ id, at }] : []))
    .sort((a, b) => b.at - a.at);
}

/** `work` over `items`, at most `atOnce` at a time, answers in order. */
async function inBatches<T, R>(
  items: readonly T[],
  atOnce: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += atOnce)
    results.push(...(await Promise.all(items.slice(start, start + atOnce).map(work))));
  return results;
}

/** The records at `root` written by `uid` (posts, comments), checked one by one. */
async function authoredBy(server: RtdbClient, root: string, uid: string): Promise<[string, unknown][]> {
  const found = await server.query(root, { orderBy: 'sourceUUID', equalTo: uid }, authoredSchema);
  return Object.entries(found ?? {});
}

/** The export of the member `user` proved to be, at `now`. */
export async function readLibraryExport(
  database: Database,
  user: VerifiedUser,
  now: number,
): Promise<LibraryExport> {
  const { uid } = user;
  const own = database.asUser(user.idToken);
  const [privateSection, answers, posts, comments, publicSection, profile] = await Promise.all([
    own.read(userSectionPath(uid, 'private'), privateSectionSchema),
    own.read(suggestionHistoryOfUserPath(uid), suggestionHistorySchema),
    authoredBy(database.server, SOCIAL_ROOTS.posts, uid),
    authoredBy(database.server, SOCIAL_ROOTS.comments, uid),
    database.public.read(userSectionPath(uid, 'public'), usernameSchema),
    own.read(profilePath(uid), profileWordsSchema),
  ]);
  const follows = privateSection?.follows ?? {};
  // The member's shelves and scores share one entry a game; an entry of the wrong shape is left out.
  const gamelist = Object.entries(privateSection?.gamelist ?? {}).flatMap(([id, value]) => {
    const entry = gamelistEntrySchema.safeParse(value);
    return entry.success ? [{ id, entry: entry.data }] : [];
  });
  const blocks = privateSection?.blocks ?? {};
  const games = timed(follows.games);
  const named = await inBatches(games.slice(0, MAX_EXPORT_GAME_NAMES), GAME_READS_AT_ONCE, async (game) => {
    const record = await database.public.read(gamePath(game.id), gameFieldsSchema);
    return {
      id: game.id,
      ...(record?.name ? { name: record.name } : {}),
      ...(record?.steam_appid ? { steam_appid: record.steam_appid } : {}),
      at: game.at,
    };
  });
  return {
    format: LIBRARY_EXPORT_FORMAT,
    version: 1,
    exportedAt: now,
    member: { uid, ...(publicSection?.username ? { username: publicSection.username } : {}) },
    games: [...named, ...games.slice(MAX_EXPORT_GAME_NAMES)],
    shelves: gamelist
      .flatMap(({ id, entry }) =>
        // An entry taken off its shelf (status null) stays as the pair's gate: not a shelf to export.
        entry.status === null ? [] : [{ id, status: entry.status, at: entry.timestamp ?? 0 }],
      )
      .sort(newestFirst),
    ratings: gamelist
      .flatMap(({ id, entry }) =>
        entry.score === undefined ? [] : [{ id, score: entry.score, at: entry.timestamp ?? 0 }],
      )
      .sort(newestFirst),
    // The member's reviews are among their posts (found by author with them: no read more), marked.
    reviews: posts
      .flatMap(([id, value]) => {
        const post = postFieldsSchema.safeParse(value);
        return post.success && post.data.sourceUUID === uid && post.data.review
          ? [{ id: post.data.review.game, post: id, text: post.data.content, at: post.data.timestamp }]
          : [];
      })
      .sort((a, b) => b.at - a.at),
    follows: { users: timed(follows.users), events: timed(follows.events) },
    // The query answers by author; each record is checked again, so that nobody else's is ever exported.
    posts: posts
      .flatMap(([id, value]) => {
        const post = postFieldsSchema.safeParse(value);
        return post.success && post.data.sourceUUID === uid
          ? [
              {
                id,
                feed: post.data.targetUUID,
                ...(post.data.targetType ? { feedType: post.data.targetType } : {}),
                content: post.data.content,
                at: post.data.timestamp,
              },
            ]
          : [];
      })
      .sort((a, b) => b.at - a.at),
    comments: comments
      .flatMap(([id, value]) => {
        const comment = commentFieldsSchema.safeParse(value);
        return comment.success && comment.data.sourceUUID === uid
          ? [{ id, post: comment.data.postUUID, content: comment.data.content, at: comment.data.timestamp }]
          : [];
      })
      .sort((a, b) => b.at - a.at),
    likes: timed(privateSection?.likes),
    suggestionAnswers: Object.entries(answers ?? {}).flatMap(([id, entry]) =>
      entry ? [{ id, answer: entry.success }] : [],
    ),
    hiddenTags: timed(privateSection?.hiddenTags),
    profile: { brief: profile?.brief ?? '', details: profile?.details ?? '' },
    blocks: {
      posts: timed(blocks.posts),
      comments: timed(blocks.comments),
      users: timed(blocks.users),
      games: timed(blocks.games),
    },
  };
}
