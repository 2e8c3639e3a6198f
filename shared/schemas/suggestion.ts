import { z } from 'zod';
import { recordIdSchema } from './keys.ts';
import type { RecordMeta } from './record-meta.ts';

/** A user's answer to a suggestion. */
export const suggestionAnswerSchema = z.enum(['yes', 'no']);
export type SuggestionAnswer = z.infer<typeof suggestionAnswerSchema>;

/**
 * A user's answer to a suggested target at `suggestions/{pushId}`: one per user and target, indexed
 * in the yes or no bucket of `suggestions_by_userid/{uid}` and `suggestions_by_targetid/{targetId}`.
 * It keeps what the user followed when answering, for the suggestion engine.
 */
export const suggestionSchema = z.object({
  userUUID: recordIdSchema,
  targetUUID: recordIdSchema,
  success: suggestionAnswerSchema,
  timestamp: z.number(),
  /** Ids of the users the user followed when answering. */
  userFollows: z.array(recordIdSchema).default([]),
  /** Ids of the games the user followed when answering. */
  gameFollows: z.array(recordIdSchema).default([]),
});

/** The body of answering a suggestion. */
export const suggestionRequestSchema = z.object({
  targetId: recordIdSchema,
  success: suggestionAnswerSchema,
});

/** What answering a suggestion did: a repeat of the same answer answers `changed: false`. */
export const suggestionOutcomeSchema = z.object({
  changed: z.boolean(),
  /** The answer's record id, the same across changes of mind. */
  suggestionId: recordIdSchema,
  success: suggestionAnswerSchema,
});

export type SuggestionRecord = z.infer<typeof suggestionSchema>;
export type Suggestion = SuggestionRecord & RecordMeta;
export type SuggestionRequest = z.infer<typeof suggestionRequestSchema>;
