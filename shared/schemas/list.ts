import { z } from 'zod';
import { CURATED_LISTS_SOURCE } from '../constants.ts';
import { gameSummariesSchema } from './game-summary.ts';
import { deepLinkSchema, recordIdSchema } from './keys.ts';
import type { RecordMeta } from './record-meta.ts';

const collectionSchema = z.object({
  name: z.string().min(1).max(200),
  /** Games in this collection keyed by game id; the value is the position (1 = first). */
  games: z.record(recordIdSchema, z.number()).default({}),
});

/** A curated games list at `lists/{code}`, made of named collections of games. */
export const listSchema = z.object({
  code: deepLinkSchema,
  name: z.string().min(1).max(200),
  description: z.string().optional(),
  games: z.record(recordIdSchema, collectionSchema).default({}),
  /** Its games' summaries, game id → summary, written with the list (shared/schemas/game-summary.ts). */
  game_summaries: gameSummariesSchema.optional(),
  /** Where the list comes from when it is not the project's own: pages showing it carry that source's credit. */
  source: z.literal(CURATED_LISTS_SOURCE).optional(),
});

export type ListRecord = z.infer<typeof listSchema>;
export type GameList = ListRecord & RecordMeta;
