import { z } from 'zod';
import { recordIdSchema } from '../schemas/keys.ts';

/** The home page's featured content at `highlights/home`: games keyed by id, valued by display order. */
export const homeHighlightsSchema = z.object({
  games: z.record(recordIdSchema, z.number()).default({}),
});

export type HomeHighlights = z.infer<typeof homeHighlightsSchema>;
