import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { postingBlockedMessage, postingBlockedUntil } from '../../shared/transitions/report.ts';
import { apiError } from '../api-error.ts';

/**
 * Refuses a post or comment by an account an editor stopped from posting (worker/api/editor-reports.ts),
 * while that holds at `now`: 403 `posting-blocked` with a sentence saying until when. The post and comment
 * routes start it with their other checks and the write waits for all of them, so it costs no round.
 */
export async function requirePostingAllowed(db: RtdbClient, uid: string, now: number): Promise<void> {
  const until = await postingBlockedUntil(db, uid, now);
  if (until !== null)
    throw apiError(403, 'posting-blocked', {
      message: postingBlockedMessage(until),
      detail: `${uid} may not post until ${String(until)}`,
    });
}
