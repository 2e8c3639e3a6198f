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

/** The highlighted games in order, their names by id, and the revision a save goes over. */
export const editorHighlightsAnswerSchema = z.object({
  games: z.array(deepLinkSchema),
  /** The catalogue names of the games, by id (a game no longer in the catalogue has none). */
  names: z.record(z.string(), z.string()),
  revision: editorRevisionSchema,
});

/** What a save of the highlights answers: the games as saved and the revision the next save sends. */
export const editorHighlightsSavedSchema = z.object({
  games: z.array(deepLinkSchema),
  revision: editorRevisionSchema,
});
