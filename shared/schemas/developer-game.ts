import { z } from 'zod';
import { httpsUrlSchema } from './https-url.ts';
import { memberTextSchema } from './member-text.ts';

/** The longest game description a developer writes (a store page's "about" runs about this long). */
export const MAX_GAME_DESCRIPTION = 4000;

/** An icon variant (spec: `content_custom` and `content_ios`, each with an icon); null removes it. */
const iconVariantSchema = z.strictObject({ icon: httpsUrlSchema.nullable() });

/**
 * The body of a developer's change to their game's page: only the fields given change; null removes an
 * icon. Strict: the name, the deep link (`deeplink_url_code`, which every link to the page depends on),
 * the follower count and the catalogue's genres and tags are not a developer's to change, and a body
 * naming them is refused whole rather than partly applied.
 */
export const developerGameUpdateSchema = z
  .strictObject({
    description: memberTextSchema()
      .min(1, 'Write a description.')
      .max(MAX_GAME_DESCRIPTION, `At most ${MAX_GAME_DESCRIPTION} characters.`),
    icon: httpsUrlSchema.nullable(),
    content_custom: iconVariantSchema,
    content_ios: iconVariantSchema,
  })
  .partial()
  .refine((update) => Object.keys(update).length > 0, 'Nothing to change.');

export type DeveloperGameUpdate = z.infer<typeof developerGameUpdateSchema>;
