import { Refusal } from '../refusal.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';

/**
 * Editors' saves never silently undo each other. What an editor edits (a list, the home highlights)
 * carries a revision number: the editor reads it with the content and sends it back with the save, and
 * the save first moves it on by a conditional PUT (the database's ETag compare-and-set), which only one
 * of two racing saves can win. The loser changes nothing and is told to reload. The content itself is
 * then written in one multi-path PATCH carrying the new revision; should that PATCH fail, the revision
 * has moved on with the content unchanged, which only makes the next save reload first.
 */

/** The revision of content that has none stored yet (imported lists, highlights never edited). */
export const FIRST_REVISION = 0;

/** What an editor whose save lost is told, unless the save names what was edited. */
const CONFLICT_MESSAGE = 'Someone else saved this since you opened it.';

/**
 * The save lost: someone saved since this editor read revision `expected` (null: expected none at all).
 * 409 `edit-conflict`, in words that say what to do (`userMessage`: reload, or choose another code).
 */
export class EditConflictError extends Refusal {
  override readonly name = 'EditConflictError';
  readonly current: number | null;
  constructor(path: string, expected: number | null, current: number | null, userMessage = CONFLICT_MESSAGE) {
    super(409, 'edit-conflict', {
      message: userMessage,
      detail: `${path}: saved against revision ${String(expected)}, now ${String(current)}`,
    });
    this.current = current;
  }
}

/** The stored revision at `path`: a whole number, or FIRST_REVISION when absent or malformed. */
export function revisionOf(stored: unknown): number {
  return typeof stored === 'number' && Number.isSafeInteger(stored) && stored >= 0 ? stored : FIRST_REVISION;
}

/**
 * Moves the revision at `path` from `expected` to the next one, atomically, and answers the new
 * revision; throws EditConflictError when the stored one is another, or another save moved it first.
 * `expected` null means none may be stored yet (creating); none stored also counts as FIRST_REVISION
 * (content that was never edited here). `conflictMessage` is what the losing editor is told.
 */
export async function claimNextRevision(
  db: RtdbClient,
  path: string,
  expected: number | null,
  conflictMessage = CONFLICT_MESSAGE,
): Promise<number> {
  const stored = await db.getTagged(path);
  const current = stored.value === null ? null : revisionOf(stored.value);
  if (!(current === expected || (current === null && expected === FIRST_REVISION)))
    throw new EditConflictError(path, expected, current, conflictMessage);
  const next = (current ?? FIRST_REVISION) + 1;
  if (!(await db.putIfUnchanged(path, next, stored.etag)))
    throw new EditConflictError(path, expected, null, conflictMessage);
  return next;
}
