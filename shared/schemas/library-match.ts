import { z } from 'zod';
import {
  MAX_LIBRARY_NAME_LENGTH,
  MAX_MATCH_CANDIDATES,
  MAX_MATCH_ENTRIES,
  MAX_STEAM_APPID,
} from './library-limits.ts';
import { deepLinkSchema } from './keys.ts';

// Bringing a library in from another tracker or store: the entries a file holds, and what
// `POST /api/library/match` takes and answers for a chunk of them. The file is read in the browser
// (shared/library/library-file.ts, with the bounds of library-limits.ts); the Worker matches a bounded chunk per request, so that one request
// stays within a Worker's subrequest allowance whatever the size of the library.

/** One game of an imported library: a Questline id, a Steam app id, a name, or several of them. */
export const libraryEntrySchema = z
  .object({
    name: z.string().trim().min(1).max(MAX_LIBRARY_NAME_LENGTH).optional(),
    appid: z.number().int().positive().max(MAX_STEAM_APPID).optional(),
    /** A Questline game id (deep link), as the library export writes it. */
    id: deepLinkSchema.optional(),
  })
  .refine((entry) => entry.name !== undefined || entry.appid !== undefined || entry.id !== undefined, {
    message: 'Each game needs a name, an app id or an id.',
  });
export type LibraryEntry = z.infer<typeof libraryEntrySchema>;

/** `POST /api/library/match`: a chunk of a library's entries. */
export const libraryMatchRequestSchema = z.object({
  entries: z
    .array(libraryEntrySchema)
    .min(1, 'Send at least one game.')
    .max(MAX_MATCH_ENTRIES, `At most ${String(MAX_MATCH_ENTRIES)} games at a time.`),
});
export type LibraryMatchRequest = z.infer<typeof libraryMatchRequestSchema>;

/** A game of the catalogue an entry may be. */
export const matchedGameSchema = z.object({
  id: deepLinkSchema,
  name: z.string().min(1),
  image: z.string().optional(),
});
export type MatchedGame = z.infer<typeof matchedGameSchema>;

/**
 * What became of one entry: `certain` (same Questline id, same Steam app id, or exactly the same name
 * once case, accents and signs are set aside), `uncertain` (games with a similar name, for the member to
 * choose from), or `unmatched`.
 */
export const libraryMatchSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('certain'), game: matchedGameSchema }),
  z.object({
    status: z.literal('uncertain'),
    candidates: z.array(matchedGameSchema).min(1).max(MAX_MATCH_CANDIDATES),
  }),
  z.object({ status: z.literal('unmatched') }),
]);
export type LibraryMatch = z.infer<typeof libraryMatchSchema>;

/** The answer: one match per entry sent, in the same order. */
export const libraryMatchAnswerSchema = z.object({ matches: z.array(libraryMatchSchema) });
export type LibraryMatchAnswer = z.infer<typeof libraryMatchAnswerSchema>;
