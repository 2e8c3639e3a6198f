import { commentPath, eventPath, gamePath, postPath, userSectionPath } from '../../shared/rtdb/paths.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { apiError } from '../api-error.ts';
import { TransitionBusyError } from '../../shared/transitions/gated-transition.ts';

/** Anything a follow, like or post can point at. */
export type TargetKind = 'user' | 'game' | 'event' | 'post' | 'comment';

/** A field every record of the kind has: reading it alone tells whether the record exists, cheaply. */
function presencePath(kind: TargetKind, id: string): string {
  switch (kind) {
    case 'user':
      return `${userSectionPath(id, 'public')}/username`;
    case 'game':
      return `${gamePath(id)}/name`;
    case 'event':
      return `${eventPath(id)}/name`;
    case 'post':
      return `${postPath(id)}/sourceUUID`;
    case 'comment':
      return `${commentPath(id)}/postUUID`;
  }
}

/** Throws the API's 404 when the target does not exist, so no transition writes beside a missing record. */
export async function requireTarget(db: RtdbClient, kind: TargetKind, id: string): Promise<void> {
  if ((await db.get(presencePath(kind, id))) === null)
    throw apiError(404, 'not-found', {
      message: `That ${kind} does not exist.`,
      detail: `${kind} ${id} not found`,
    });
}

/** Runs a gated transition; a gate that stays busy answers 409 (nothing was written). */
export async function committing<T>(transition: () => Promise<T>): Promise<T> {
  try {
    return await transition();
  } catch (error) {
    if (error instanceof TransitionBusyError)
      throw apiError(409, 'busy', {
        message: 'This is changing right now. Please try again.',
        detail: error.message,
      });
    throw error;
  }
}

/** A query limit from the request, never more than the record query cap. */
export function cappedLimit(requested: number | undefined, cap: number): number {
  return Math.max(1, Math.min(requested ?? cap, cap));
}
