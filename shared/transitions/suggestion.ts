import { z } from 'zod';
import {
  suggestionHistoryPath,
  suggestionNode,
  suggestionsByTargetIdNode,
  suggestionsByUserIdNode,
  userFollowsNode,
} from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { SERVER_TIMESTAMP } from '../rtdb/server-values.ts';
import { pushId } from '../push-id.ts';
import { recordIdSchema } from '../schemas/keys.ts';
import { suggestionAnswerSchema, type SuggestionAnswer } from '../schemas/suggestion.ts';
import { userFollowsMapSchema } from '../schemas/user.ts';
import { commitGatedTransition, type TransitionPlan } from './gated-transition.ts';

/** `suggestions_history/{uid}/{targetId}`: the pair's one answer and its record. */
export const suggestionHistoryEntrySchema = z.object({
  suggestionId: recordIdSchema,
  success: suggestionAnswerSchema,
});
export type SuggestionHistoryEntry = z.infer<typeof suggestionHistoryEntrySchema>;

export interface SuggestionChange {
  uid: string;
  targetId: string;
  success: SuggestionAnswer;
  /** What the user follows at this moment, kept with the answer for the suggestion engine. */
  userFollows: string[];
  gameFollows: string[];
}

export interface SuggestionOutcome {
  changed: boolean;
  suggestionId: string;
  success: SuggestionAnswer;
}

const otherAnswer = (answer: SuggestionAnswer): SuggestionAnswer => (answer === 'yes' ? 'no' : 'yes');

/**
 * One yes/no answer per user and target (spec section 4): a changed answer replaces the record (same id)
 * and moves its index entries from one bucket to the other in the same PATCH.
 */
export function planSuggestion(
  current: SuggestionHistoryEntry | null,
  change: SuggestionChange,
  newId: () => string = pushId,
): TransitionPlan<SuggestionHistoryEntry, SuggestionOutcome> {
  const { uid, targetId, success } = change;
  if (current?.success === success) {
    return { kind: 'unchanged', result: { changed: false, suggestionId: current.suggestionId, success } };
  }
  const suggestionId = current?.suggestionId ?? newId();
  const old = otherAnswer(success);
  const byUser = suggestionsByUserIdNode(uid);
  const byTarget = suggestionsByTargetIdNode(targetId);
  return {
    kind: 'write',
    next: { suggestionId, success },
    updates: {
      ...suggestionNode(suggestionId).set({
        userUUID: uid,
        targetUUID: targetId,
        success,
        timestamp: SERVER_TIMESTAMP,
        userFollows: change.userFollows,
        gameFollows: change.gameFollows,
      }),
      ...byUser.child(success).child(targetId).set(suggestionId),
      ...byUser.child(old).child(targetId).set(null),
      ...byTarget.child(success).child(uid).set(suggestionId),
      ...byTarget.child(old).child(uid).set(null),
    },
    result: { changed: true, suggestionId, success },
  };
}

/** Records the user's answer to a suggested target, with what they follow right now. */
export async function commitSuggestion(
  db: RtdbClient,
  answer: Omit<SuggestionChange, 'userFollows' | 'gameFollows'>,
): Promise<SuggestionOutcome> {
  const follows = await db.read(userFollowsNode(answer.uid).path, userFollowsMapSchema);
  const change: SuggestionChange = {
    ...answer,
    userFollows: Object.keys(follows?.users ?? {}),
    gameFollows: Object.keys(follows?.games ?? {}),
  };
  return commitGatedTransition(db, {
    gatePath: suggestionHistoryPath(answer.uid, answer.targetId),
    entrySchema: suggestionHistoryEntrySchema,
    decide: (current) => planSuggestion(current, change),
  });
}
