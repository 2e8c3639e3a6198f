import { z } from 'zod';
import { LIBRARY_EXPORT_FORMAT } from './library-limits.ts';
import { ratingScoreSchema } from './rating.ts';
import { shelfSchema } from './shelf.ts';

// Everything a member has put in, as `GET /api/library/export` answers it: the games they follow (with
// their names and Steam app ids, so that the file can be brought back in by the library import), the
// members and events they follow, their posts, comments and likes, their answers to suggestions, what
// they blocked, the tags they hide and their profile's words. Times are milliseconds since 1970 (UTC), as the database keeps them.

const timedIdSchema = z.object({ id: z.string(), at: z.number() });

export const libraryExportSchema = z.object({
  format: z.literal(LIBRARY_EXPORT_FORMAT),
  version: z.literal(1),
  exportedAt: z.number(),
  member: z.object({ uid: z.string(), username: z.string().optional() }),
  /** Followed games, newest first; `name` and `steam_appid` when the game still exists. */
  games: z.array(
    z.object({
      id: z.string(),
      name: z.string().optional(),
      steam_appid: z.number().optional(),
      at: z.number(),
    }),
  ),
  /**
   * Games on the member's shelves (want, playing, played, dropped), newest first; missing from a file
   * written before shelves, so read as none.
   */
  shelves: z.array(z.object({ id: z.string(), status: shelfSchema, at: z.number() })).default([]),
  /**
   * The member's scores of games (1 to 10), newest first, `at` when their entry last changed; missing
   * from a file written before ratings, so read as none.
   */
  ratings: z.array(z.object({ id: z.string(), score: ratingScoreSchema, at: z.number() })).default([]),
  /**
   * The member's reviews (shared/schemas/review.ts), newest first: the game, the review's post (also among
   * `posts`) and its words; its badge is the game's entry in `shelves` and `ratings`. Missing from a file
   * written before reviews, so read as none. The library import does not write them back: a review is a
   * public post that others liked and answered, which no file can bring back, and the import puts back
   * what a member tracks (follows, shelves, scores), not what they said, as for posts and comments.
   */
  reviews: z
    .array(z.object({ id: z.string(), post: z.string(), text: z.string(), at: z.number() }))
    .default([]),
  follows: z.object({ users: z.array(timedIdSchema), events: z.array(timedIdSchema) }),
  posts: z.array(
    z.object({
      id: z.string(),
      feed: z.string(),
      feedType: z.string().optional(),
      content: z.string(),
      at: z.number(),
    }),
  ),
  comments: z.array(z.object({ id: z.string(), post: z.string(), content: z.string(), at: z.number() })),
  likes: z.array(timedIdSchema),
  suggestionAnswers: z.array(z.object({ id: z.string(), answer: z.enum(['yes', 'no']) })),
  /** Tags the member never wants to see, with when they hid them. */
  hiddenTags: z.array(timedIdSchema),
  /** What their profile says about them. */
  profile: z.object({ brief: z.string(), details: z.string() }),
  blocks: z.object({
    posts: z.array(timedIdSchema),
    comments: z.array(timedIdSchema),
    users: z.array(timedIdSchema),
    games: z.array(timedIdSchema),
  }),
});
export type LibraryExport = z.infer<typeof libraryExportSchema>;

/** `GET /api/library/export?format=json|csv` (JSON when left out). */
export const libraryExportQuerySchema = z.object({ format: z.enum(['json', 'csv']).default('json') });
