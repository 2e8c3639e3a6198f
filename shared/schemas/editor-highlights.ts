import { z } from 'zod';
import { deepLinkSchema } from './keys.ts';

/** Most games the home page highlights. */
export const MAX_HOME_HIGHLIGHTS = 24;

/** The home page's highlighted games as an editor sends them (`PUT /api/editor/highlights`), in order. */
export const editorHighlightsSchema = z.object({
  games: z
    .array(deepLinkSchema)
    .max(MAX_HOME_HIGHLIGHTS, `At most ${String(MAX_HOME_HIGHLIGHTS)} highlighted games.`)
    .refine((ids) => new Set(ids).size === ids.length, 'A game is highlighted once.'),
});

export type EditorHighlights = z.infer<typeof editorHighlightsSchema>;
