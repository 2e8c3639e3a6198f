import { z } from 'zod';
import { facetCursorSchema, facetSlugSchema } from './catalogue-facet.ts';

/** Which part of the catalogue the browse page shows: `/browse?genre=<slug>` or `?tag=<slug>`, `&after=<cursor>`. */
export interface CatalogueSelection {
  facet: 'genre' | 'tag';
  slug: string;
  /** The opaque cursor of the page, from the previous page's `nextCursor`; absent on the first page. */
  after?: string | undefined;
}

/**
 * What the browse page's query string may say about the catalogue (`?genre=<slug>` or `?tag=<slug>`, and
 * `after=<cursor>` for a later page): slugs are lower-case words joined by hyphens, as the catalogue makes
 * them; at most one of genre and tag; a cursor only with one of them.
 */
export const catalogueQuerySchema = z
  .object({
    genre: facetSlugSchema.optional(),
    tag: facetSlugSchema.optional(),
    after: facetCursorSchema.optional(),
  })
  .refine((query) => !(query.genre && query.tag), {
    message: 'Choose a genre or a tag, not both.',
    path: ['tag'],
  })
  .refine((query) => !query.after || query.genre || query.tag, {
    message: 'A page of the catalogue needs a genre or a tag.',
    path: ['after'],
  });

/** The selection a valid query names, or null for the browse page's start. */
export function catalogueSelectionOf(query: z.infer<typeof catalogueQuerySchema>): CatalogueSelection | null {
  if (query.genre) return { facet: 'genre', slug: query.genre, after: query.after };
  if (query.tag) return { facet: 'tag', slug: query.tag, after: query.after };
  return null;
}
