import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { targetExists, type TargetKind } from '../../shared/transitions/target-presence.ts';
import { targetMissing } from '../../shared/transitions/transition-refused.ts';

/**
 * Refuses (404 `not-found`, shared/transitions/transition-refused.ts) when the target does not exist, so
 * no transition writes beside a missing record.
 */
export async function requireTarget(db: RtdbClient, kind: TargetKind, id: string): Promise<void> {
  if (!(await targetExists(db, kind, id))) throw targetMissing(kind, id);
}
