import { z } from 'zod';
import { deepLinkSchema } from './keys.ts';

/**
 * The ways the whole catalogue can be browsed: by genre and by tag (issue 10, browse). Each value of a
 * facet (the genre "Action", the tag "Roguelike") is keyed by its slug, as games are by their deep link.
 */
export const CATALOGUE_FACETS = ['genre', 'tag'] as const;
export const catalogueFacetSchema = z.enum(CATALOGUE_FACETS);
export type CatalogueFacet = z.infer<typeof catalogueFacetSchema>;

/** A facet value's key: the slug of its name (`Turn-Based Combat` → `turn-based-combat`). */
export const facetSlugSchema = deepLinkSchema;

/**
 * Games of one facet value per page. The reader asks for one more than it shows, to know whether a next
 * page exists and where it starts, and the rules allow at most 25 children per public query.
 */
export const FACET_PAGE_SIZE = 24;

/**
 * Where a page of a facet starts: the sort value of its first game (`<16 hex digits of the ranking>_<game
 * id>`, see catalogue-facets.ts). Opaque to the browse page, which hands back what the previous page gave it.
 */
export const facetCursorSchema = z
  .string()
  .max(117)
  .regex(/^[0-9a-f]{16}_[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Not a valid page of this catalogue.');
export type FacetCursor = z.infer<typeof facetCursorSchema>;

/**
 * One page of a facet value asked for, as the browse page's loader or the API reads it from a query
 * string (the page size may arrive as text; absent, it is FACET_PAGE_SIZE).
 */
export const facetPageRequestSchema = z.object({
  facet: catalogueFacetSchema,
  slug: facetSlugSchema,
  cursor: facetCursorSchema.optional(),
  pageSize: z.coerce.number().int().min(1).max(FACET_PAGE_SIZE).default(FACET_PAGE_SIZE),
});
/** What a caller passes: the page size optional, as a number or as the query string's text. */
export type FacetPageRequest = Omit<z.input<typeof facetPageRequestSchema>, 'pageSize'> & {
  pageSize?: number | string | undefined;
};

/** `indices_public/facets/{genre|tag}/{slug}`: the value's name as the catalogue spells it, and its games. */
export const facetEntrySchema = z.object({
  name: z.string().min(1).max(200),
  count: z.number().int(),
});
