import { z } from 'zod';
import { deepLinkSchema } from './keys.ts';
import { MAX_SHELVING_GAMES } from './library-limits.ts';
import { ratingScoreSchema } from './rating.ts';
import { shelfSchema } from './shelf.ts';

// Shelving and rating the games of an imported library (`POST /api/library/shelves`), after the member saw
// the preview: a batch of games, each with the shelf and score the file gave it, and whether the member's
// own shelf or score, where it differs, is replaced or kept (shared/library/library-shelving.ts); and
// where the member's games stand now (`GET /api/library/shelves`), which the preview compares with.

/** One game of the batch: a game of the catalogue, with a shelf, a score or both. */
export const libraryShelvingGameSchema = z
  .strictObject({
    gameId: deepLinkSchema,
    shelf: shelfSchema.optional(),
    score: ratingScoreSchema.optional(),
  })
  .refine((game) => game.shelf !== undefined || game.score !== undefined, {
    message: 'Each game needs a shelf or a score.',
  });

export const libraryShelvingRequestSchema = z.strictObject({
  games: z
    .array(libraryShelvingGameSchema)
    .min(1, 'Send at least one game.')
    .max(MAX_SHELVING_GAMES, `At most ${String(MAX_SHELVING_GAMES)} games at a time.`)
    .refine((games) => new Set(games.map((game) => game.gameId)).size === games.length, {
      message: 'Each game once.',
    }),
  /** Where the member has another shelf or score: true replaces it with the file's, false keeps it. */
  overwrite: z.boolean(),
});
export type LibraryShelvingRequest = z.infer<typeof libraryShelvingRequestSchema>;
export type LibraryShelvingGame = z.infer<typeof libraryShelvingGameSchema>;

/**
 * What became of one game: `changed` (its shelf or score set), `unchanged` (already so), `kept` (the
 * member's own differs and they chose to keep it: nothing written), `not-found` (no such game: nothing
 * written for it).
 */
export const shelvingOutcomeSchema = z.enum(['changed', 'unchanged', 'kept', 'not-found']);
export type ShelvingOutcome = z.infer<typeof shelvingOutcomeSchema>;

export const libraryShelvingAnswerSchema = z.object({
  games: z.array(z.object({ gameId: deepLinkSchema, outcome: shelvingOutcomeSchema })),
});
export type LibraryShelvingAnswer = z.infer<typeof libraryShelvingAnswerSchema>;

/** `GET /api/library/shelves`: each game the member has a shelf or a score for. */
export const libraryStandingSchema = z.object({
  games: z.array(
    z.object({ gameId: z.string(), status: shelfSchema.nullable(), score: ratingScoreSchema.nullable() }),
  ),
});
export type LibraryStanding = z.infer<typeof libraryStandingSchema>;
