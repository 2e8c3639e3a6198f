import { z } from 'zod';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import { userSectionNode } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import type { Onboarded } from '../schemas/first-visit.ts';

// The first visit ends (done or skipped): the member's private `isOnboarded` becomes true, once; nothing
// else moves. It only ever goes one way, so no gate is needed: a repeat or a race writes the same true.

const onboardedNode = (uid: string) => userSectionNode(uid, 'private').child('isOnboarded');

/** The write that marks a member onboarded, or none when they already are. */
export function planOnboarded(uid: string, current: boolean | null): MultiPathUpdate | null {
  return current === true ? null : onboardedNode(uid).set(true);
}

/** Marks the member onboarded (one PATCH, only if they were not): what the first visit's end answers. */
export async function commitOnboarded(db: RtdbClient, uid: string): Promise<Onboarded> {
  const current = await db.read(onboardedNode(uid).path, z.boolean());
  const updates = planOnboarded(uid, current);
  if (updates) await db.patch('', updates);
  return { isOnboarded: true, changed: updates !== null };
}
