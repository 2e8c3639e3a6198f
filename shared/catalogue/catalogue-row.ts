import { z } from 'zod';
import { deepLinkSchema } from '../schemas/keys.ts';

/**
 * One game of the Steam catalogue as published in `games.jsonl` (and the same columns in CSV).
 * Every imported row is checked against this before anything is written.
 */
export const catalogueRowSchema = z.object({
  id: z.coerce.number().int().positive(),
  slug: deepLinkSchema,
  name: z.string().trim().min(1).max(200),
  description: z.string().nullish(),
  genres: z.array(z.string()).default([]),
  tags: z.array(z.string()).default([]),
  platforms: z.array(z.string()).default([]),
  release_date: z.iso.date().nullish(),
  developers: z.array(z.string()).default([]),
  publishers: z.array(z.string()).default([]),
  popularity: z.coerce.number().int().nonnegative().nullish(),
  image_url: z.url().nullish(),
});

export type CatalogueRow = z.infer<typeof catalogueRowSchema>;
