import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { targetExists, type TargetKind } from '../../shared/transitions/target-presence.ts';
import { TransitionRefused } from '../../shared/transitions/transition-refused.ts';
import { apiError } from '../api-error.ts';
import { TransitionBusyError } from '../../shared/transitions/gated-transition.ts';

/** Throws the API's 404 when the target does not exist, so no transition writes beside a missing record. */
export async function requireTarget(db: RtdbClient, kind: TargetKind, id: string): Promise<void> {
  if (!(await targetExists(db, kind, id)))
    throw apiError(404, 'not-found', {
      message: `That ${kind} does not exist.`,
      detail: `${kind} ${id} not found`,
    });
}

/**
 * Runs a transition. Refusals answer without writing anything: a missing target 404, a member who blocked
 * the caller in the way 403 `forbidden`, a kind other than the one recorded 409 `kind-mismatch`, a gate
 * that stays busy 409 `busy`.
 */
export async function committing<T>(transition: () => Promise<T>): Promise<T> {
  try {
    return await transition();
  } catch (error) {
    if (error instanceof TransitionRefused) {
      const { userMessage: message, message: detail } = error;
      if (error.reason === 'blocked') throw apiError(403, 'forbidden', { message, detail });
      throw error.reason === 'target-missing'
        ? apiError(404, 'not-found', { message, detail })
        : apiError(409, 'kind-mismatch', { message, detail });
    }
    if (error instanceof TransitionBusyError)
      throw apiError(409, 'busy', {
        message: 'This is changing right now. Please try again.',
        detail: error.message,
      });
    throw error;
  }
}
