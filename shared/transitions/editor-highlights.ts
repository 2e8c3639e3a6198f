import { z } from 'zod';
import { planSummaryPlaceEntries } from '../catalogue/game-summary-places.ts';
import { readGameSummaries } from '../catalogue/game-summary-reads.ts';
import { HOME_HIGHLIGHTS_REVISION_PATH, HOME_HIGHLIGHTS_SUMMARIES_PATH, ROOTS } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { UnknownGamesError } from './editor-games.ts';
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
 * revision the editor read (EditConflictError when someone saved since): every game must exist (each is
 * read whole, for the summary home keeps of it), then the revision is claimed and the games, their
 * summaries and the index of where those are kept are written in one PATCH, so the page never reads half
 * an edit. The node's other part, the hottest games the trending job keeps there, is left as it is.
 * Answers the new revision.
 */
export async function commitHomeHighlights(
  db: RtdbClient,
  gameIds: readonly string[],
  expectedRevision: number,
): Promise<number> {
  const [{ summaries, missing }, before] = await Promise.all([
    readGameSummaries(db, gameIds),
    db.read(`${ROOTS.highlightsHome}/games`, z.record(z.string(), z.unknown())).catch(() => null),
  ]);
  if (missing.length > 0) throw new UnknownGamesError(missing);
  const revision = await claimNextRevision(
    db,
    HOME_HIGHLIGHTS_REVISION_PATH,
    expectedRevision,
    'Someone else saved the highlights since you opened them: reload to see theirs.',
  );
  const record = homeHighlightsRecord(gameIds, revision);
  await db.patch('', {
    [`${ROOTS.highlightsHome}/games`]: gameIds.length > 0 ? record.games : null,
    [HOME_HIGHLIGHTS_REVISION_PATH]: revision,
    [HOME_HIGHLIGHTS_SUMMARIES_PATH]: summaries.size > 0 ? Object.fromEntries(summaries) : null,
    ...planSummaryPlaceEntries({ kind: 'home', part: 'highlights' }, Object.keys(before ?? {}), gameIds),
  });
  return revision;
}
