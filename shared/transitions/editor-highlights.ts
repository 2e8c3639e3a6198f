import { HOME_HIGHLIGHTS_REVISION_PATH, ROOTS } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { requireGames } from './editor-games.ts';
import { claimNextRevision } from './editor-revision.ts';

/** `highlights/home` as the home page reads it: game id → display order (1 = first), and its revision. */
export function homeHighlightsRecord(
  gameIds: readonly string[],
  revision: number,
): { games: Record<string, number>; revision: number } {
  return { games: Object.fromEntries(gameIds.map((id, i) => [id, i + 1])), revision };
}

/**
 * Sets the home page's highlighted games, in the order given (an empty list shows none), over the
 * revision the editor read (EditConflictError when someone saved since): every game must exist, then the
 * revision is claimed and the whole node replaced in one PATCH, so the page never reads half an edit.
 * Answers the new revision.
 */
export async function commitHomeHighlights(
  db: RtdbClient,
  gameIds: readonly string[],
  expectedRevision: number,
): Promise<number> {
  await requireGames(db, gameIds);
  const revision = await claimNextRevision(
    db,
    HOME_HIGHLIGHTS_REVISION_PATH,
    expectedRevision,
    'Someone else saved the highlights since you opened them: reload to see theirs.',
  );
  await db.patch('', { [ROOTS.highlightsHome]: homeHighlightsRecord(gameIds, revision) });
  return revision;
}
