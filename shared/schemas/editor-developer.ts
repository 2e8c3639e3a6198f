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

/** A member as the editor's developer tools show them (`GET /api/editor/members/{username}`). */
export const editorMemberSchema = z.object({
  uid: recordIdSchema,
  username: z.string(),
  isDeveloper: z.boolean(),
  /** The games they run, by id, sorted. */
  developerGames: z.array(deepLinkSchema),
  /** The catalogue names of those games, by id (a game no longer in the catalogue has none). */
  gameNames: z.record(z.string(), z.string()),
});

export type EditorMember = z.infer<typeof editorMemberSchema>;

/** The answer of `GET /api/editor/members/{username}`. */
export const editorMemberAnswerSchema = z.object({ member: editorMemberSchema });

/** A member's developer status after an editor granted (`PUT`) or revoked (`DELETE`) it. */
export const developerStatusSchema = z.object({
  uid: recordIdSchema,
  username: z.string(),
  isDeveloper: z.boolean(),
});
