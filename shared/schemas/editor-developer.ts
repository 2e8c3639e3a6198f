import { z } from 'zod';
import { MAX_DEVELOPER_GAMES } from './editor-limits.ts';
import { deepLinkSchema, recordIdSchema } from './keys.ts';

export { MAX_DEVELOPER_GAMES } from './editor-limits.ts';

/** Granting developer status (`PUT /api/editor/developers/{uid}`): optionally the games they run. */
export const developerGrantSchema = z.object({
  games: z
    .array(deepLinkSchema)
    .max(MAX_DEVELOPER_GAMES, `At most ${String(MAX_DEVELOPER_GAMES)} games.`)
    .refine((ids) => new Set(ids).size === ids.length, 'A game is named once.')
    .optional(),
});

export type DeveloperGrant = z.infer<typeof developerGrantSchema>;

export const developerParamsSchema = z.object({ uid: recordIdSchema });

/** A member as the editor's developer tools show them. */
export interface EditorMember {
  uid: string;
  username: string;
  isDeveloper: boolean;
  developerGames: string[];
  /** The catalogue names of those games, by id (a game no longer in the catalogue has none). */
  gameNames: Record<string, string>;
}
