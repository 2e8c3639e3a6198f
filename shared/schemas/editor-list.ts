import { z } from 'zod';
import { MAX_COLLECTION_GAMES, MAX_LIST_COLLECTIONS, MAX_LIST_GAMES } from './editor-limits.ts';
import { deepLinkSchema } from './keys.ts';
import { memberTextSchema } from './member-text.ts';

/**
 * A curated list as an editor sends it (`PUT /api/editor/lists/{code}`): its name, words about it and its
 * named collections, each an ordered array of game ids (first = position 1). The order of the collections
 * is the order given. Bounded so one save stays one small atomic write and fits the request limit.
 */

export { MAX_COLLECTION_GAMES, MAX_LIST_COLLECTIONS, MAX_LIST_GAMES } from './editor-limits.ts';

const uniqueIds = (ids: readonly string[]) => new Set(ids).size === ids.length;

export const editorCollectionSchema = z.object({
  name: memberTextSchema().min(1, 'Name the collection.').max(200),
  games: z
    .array(deepLinkSchema)
    .max(MAX_COLLECTION_GAMES, `At most ${String(MAX_COLLECTION_GAMES)} games in a collection.`)
    .refine(uniqueIds, 'A game appears once in a collection.'),
});

export const editorListSchema = z.object({
  name: memberTextSchema().min(1, 'Name the list.').max(200),
  description: memberTextSchema().max(1000).optional(),
  collections: z
    .array(editorCollectionSchema)
    .min(1, 'A list has at least one collection.')
    .max(MAX_LIST_COLLECTIONS, `At most ${String(MAX_LIST_COLLECTIONS)} collections.`)
    .refine(
      (collections) => new Set(collections.flatMap((c) => c.games)).size <= MAX_LIST_GAMES,
      `At most ${String(MAX_LIST_GAMES)} games in a list.`,
    ),
});

export type EditorList = z.infer<typeof editorListSchema>;

/** The revision an editor read a list at (see shared/transitions/editor-revision.ts). */
export const editorRevisionSchema = z.number().int().nonnegative();

/**
 * A save of a list: its content and the revision the editor read it at, or null for a new list (which
 * is refused when a list already has that code). A save against an older revision is refused (409).
 */
export const editorListSaveSchema = editorListSchema.extend({ revision: editorRevisionSchema.nullable() });

export type EditorListSave = z.infer<typeof editorListSaveSchema>;

/** A list's code as it appears in its address (`/lists/games/{code}`). */
export const listCodeSchema = deepLinkSchema;

/** Every curated list's code, name and size (`GET /api/editor/lists`), by name. */
export const editorListsAnswerSchema = z.object({
  lists: z.array(z.object({ code: listCodeSchema, name: z.string(), games: z.number().int().nonnegative() })),
});

/** A list as the editor opens it: its content, the names of its games by id, and the revision a save goes over. */
export const editorListAnswerSchema = z.object({
  code: listCodeSchema,
  list: editorListSchema,
  names: z.record(z.string(), z.string()),
  revision: editorRevisionSchema,
});

/** What a save of a list answers (shared/transitions/editor-lists.ts). */
export const editorListSavedSchema = z.object({
  code: listCodeSchema,
  /** True when the save made the list (201). */
  created: z.boolean(),
  /** The revision the list is at now: the next save sends it back. */
  revision: editorRevisionSchema,
  /** Games the list holds now and did not before, in the order the list shows them. */
  added: z.array(deepLinkSchema),
  /** Distinct games before and after. */
  gamesBefore: z.number().int().nonnegative(),
  gamesAfter: z.number().int().nonnegative(),
});
