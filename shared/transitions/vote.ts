import type { z } from 'zod';
import type { WriteValue } from '../rtdb/multi-path-update.ts';
import { voteNode } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { SERVER_TIMESTAMP } from '../rtdb/server-values.ts';
import { voteSchema, type VoteRecord } from '../schemas/vote.ts';

export interface VoteChange {
  uid: string;
  voteType: string;
  targetId: string;
  lock: boolean;
}

export type VoteOutcome = { kind: 'saved'; vote: VoteRecord } | { kind: 'locked'; vote: VoteRecord };

/**
 * Casts or changes the user's one vote of a type (`votes/{type}/{uid}`). A locked vote stays as it is.
 * The vote is one node, so a conditional PUT on it is the whole transition: racing changes retry.
 */
export async function commitVote(db: RtdbClient, change: VoteChange): Promise<VoteOutcome> {
  const path = voteNode(change.voteType, change.uid).path;
  for (;;) {
    const { value, etag } = await db.getTagged(path);
    const current = value === null ? null : voteSchema.safeParse(value);
    if (current?.success && current.data.locked) return { kind: 'locked', vote: current.data };
    const vote: WriteValue<z.input<typeof voteSchema>> = {
      type: change.voteType,
      locked: change.lock,
      targetUUID: change.targetId,
      userUUID: change.uid,
      timestamp: SERVER_TIMESTAMP,
    };
    const saved = await db.put(path, vote, { ifMatch: etag });
    if (saved !== null) return { kind: 'saved', vote: voteSchema.parse(saved) };
  }
}
