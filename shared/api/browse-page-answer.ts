import { z } from 'zod';
import type { BrowsePageData, CatalogueView } from './browse-page.ts';
import type { BlockedList } from '../blocks/blocked-list.ts';
import type { SuggestedGameSummary } from '../catalogue/suggested-games.ts';
import { currentUserRecordSchema } from '../auth/account-answers.ts';
import { catalogueFacetSchema } from '../schemas/catalogue-facet.ts';
import { gameSummarySchema } from '../schemas/game-summary.ts';

// What `GET /api/browse` answers (worker/api/browse.ts), as the schema its route definition carries: it
// types the browse page's call in the browser. The Worker builds the bundle (worker/browse/); this
// describes it, and `satisfies` holds it to the types the page and its components are written against.

/** A game to answer yes or no, with why it is asked. */
const suggestedGameSummarySchema = gameSummarySchema.extend({
  reason: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('follows'),
      game: z.object({ name: z.string(), deeplink_url_code: z.string() }),
    }),
    z.object({
      kind: z.literal('shelf'),
      shelf: z.enum(['want', 'playing', 'played']),
      game: z.object({ name: z.string(), deeplink_url_code: z.string() }),
    }),
    z.object({ kind: z.literal('popular') }),
  ]),
}) satisfies z.ZodType<SuggestedGameSummary>;

/** The members the member blocked and the games they are not interested in. */
const blockedListSchema = z.object({
  members: z.array(z.object({ uid: z.string(), username: z.string().nullable() })),
  games: z.array(gameSummarySchema),
}) satisfies z.ZodType<BlockedList>;

/** A genre or tag of the catalogue, with how many games have it. */
const catalogueFacetLinkSchema = z.object({ slug: z.string(), name: z.string(), count: z.number() });

/** The catalogue part of the page: its genres and tags, and one page of the chosen one's games. */
const catalogueViewSchema = z.object({
  genres: z.array(catalogueFacetLinkSchema),
  tags: z.array(catalogueFacetLinkSchema),
  selected: z
    .object({
      facet: catalogueFacetSchema,
      slug: z.string(),
      after: z.string().optional(),
      name: z.string(),
    })
    .nullable(),
  games: z.array(gameSummarySchema),
  nextCursor: z.string().nullable(),
}) satisfies z.ZodType<CatalogueView>;

/** The browse page's bundle, for the signed-in member only. */
export const browsePageDataSchema = z.object({
  me: currentUserRecordSchema,
  suggestions: z.array(suggestedGameSummarySchema),
  followGames: z.array(gameSummarySchema),
  topRated: z.array(z.object({ game: gameSummarySchema, average: z.number(), count: z.number().int() })),
  blocked: blockedListSchema,
  catalogue: catalogueViewSchema,
  hiddenTags: z.array(z.string()),
}) satisfies z.ZodType<BrowsePageData>;
