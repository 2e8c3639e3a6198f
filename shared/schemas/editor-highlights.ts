import { z } from 'zod';
import { MAX_HOME_HIGHLIGHTS } from './editor-limits.ts';
import { editorRevisionSchema } from './editor-list.ts';
import { deepLinkSchema } from './keys.ts';

export { MAX_HOME_HIGHLIGHTS } from './editor-limits.ts';

/**
 * The home page's highlighted games as an editor sends them (`PUT /api/editor/highlights`), in order,
 * with the revision they were read at (a save against an older one is refused, 409).
 */
export const editorHighlightsSchema = z.object({
  revision: editorRevisionSchema,
  games: z
    .array(deepLinkSchema)
    .max(MAX_HOME_HIGHLIGHTS, `At most ${String(MAX_HOME_HIGHLIGHTS)} highlighted games.`)
    .refine((ids) => new Set(ids).size === ids.length, 'A game is highlighted once.'),
});

export type EditorHighlights = z.infer<typeof editorHighlightsSchema>;
