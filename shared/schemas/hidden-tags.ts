import { z } from 'zod';
import { facetSlugSchema } from './catalogue-facet.ts';

/**
 * Tags a member never wants to see (issue 12): `users/{uid}/private/hiddenTags/{tagSlug}` → when it was
 * hidden. A tag is named by its slug in the catalogue's directory (`indices_public/facets/tag/{slug}`);
 * games with any hidden tag leave the member's suggestions, the catalogue on browse and their home feed.
 */

/** The most tags one member may hide (a plain number apart, for the browser). */
export { MAX_HIDDEN_TAGS } from './hidden-tags-limit.ts';

/** A tag as the API names it in its path (`/api/hidden-tags/{slug}`). */
export const hiddenTagSlugSchema = facetSlugSchema;

/** What is stored: tag slug → time hidden. */
export const hiddenTagsMapSchema = z.record(hiddenTagSlugSchema, z.number());
export type HiddenTagsMap = z.infer<typeof hiddenTagsMapSchema>;

/** One hidden tag as the API answers it: its slug, its name in the catalogue, and when it was hidden. */
export const hiddenTagSchema = z.object({ slug: z.string(), name: z.string(), hiddenAt: z.number() });
export type HiddenTag = z.infer<typeof hiddenTagSchema>;

/** `GET /api/hidden-tags`: the tags the member hides, most recently hidden first. */
export const hiddenTagsAnswerSchema = z.object({ tags: z.array(hiddenTagSchema) });

/** `GET /api/hidden-tags/games`: which of the games asked about have a tag the member hides. */
export const gamesWithHiddenTagsSchema = z.object({ hidden: z.array(z.string()) });

/** What hiding (PUT) or showing again (DELETE) a tag did: a repeat answers `changed: false`. */
export const hiddenTagChangeSchema = z.object({
  slug: z.string(),
  hidden: z.boolean(),
  changed: z.boolean(),
});
export type HiddenTagChange = z.infer<typeof hiddenTagChangeSchema>;
