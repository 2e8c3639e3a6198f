import { z } from 'zod';
import { SEARCH_LIMIT } from '../constants.ts';
import { MAX_SEARCH_TEXT_LENGTH } from '../search-limits.ts';

// Search (spec section 7, `http-doSearch`): what the callable takes and answers, and what the Worker's
// `GET /api/search?q=&limit=` takes. The same checks on both sides of the proxy, so a query the Worker
// lets through is one the function accepts.

/** What is searched for: trimmed, at least one character, at most 100. */
export const searchTextSchema = z
  .string()
  .trim()
  .min(1, 'Type a game or member name to search for.')
  .max(MAX_SEARCH_TEXT_LENGTH, `Type at most ${MAX_SEARCH_TEXT_LENGTH} characters.`);

/** How many results are asked for: any whole number from 1 up; more than the spec's 25 is answered with 25. */
const searchLimitSchema = z
  .number()
  .int('A whole number of results.')
  .min(1, 'At least 1 result.')
  .transform((limit) => Math.min(limit, SEARCH_LIMIT));

/** The callable's payload (spec section 7: `name`, `limit`); without a limit, the spec's 25. */
export const searchRequestSchema = z.object({
  name: searchTextSchema,
  limit: searchLimitSchema.default(SEARCH_LIMIT),
});
export type SearchRequest = z.output<typeof searchRequestSchema>;

/** `GET /api/search?q=<text>&limit=<n>`: query parameters arrive as text. */
export const searchQuerySchema = z.object({
  q: searchTextSchema,
  limit: z
    .string()
    .regex(/^\d{1,6}$/, 'A whole number of results.')
    .transform(Number)
    .pipe(searchLimitSchema)
    .optional(),
});

/** One result row: a game or a member, with what the row shows and where it leads. */
export const searchResultSchema = z.object({
  _type: z.enum(['game', 'user']),
  /** The game's id (its deep link) or the member's uid. */
  _id: z.string().min(1),
  /** The game's name or the member's username. */
  name: z.string().min(1),
  /** `/game/<deepLink>` or `/user/<username>`. */
  link: z.string().regex(/^\/(?:game|user)\/[^/?#]+$/),
  /** The game's icon or the member's, https only; absent when there is none (the row shows a placeholder). */
  image: z.url({ protocol: /^https$/ }).optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** The callable's answer (spec section 7), which the Worker answers unchanged. */
export const searchAnswerSchema = z.object({
  success: z.boolean(),
  results: z.array(searchResultSchema).max(SEARCH_LIMIT),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;
