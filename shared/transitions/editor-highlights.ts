import { ROOTS } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { requireGames } from './editor-games.ts';

/** `highlights/home` as the home page reads it: game id → display order (1 = first). */
export function homeHighlightsRecord(gameIds: readonly string[]): { games: Record<string, number> } {
  return { games: Object.fromEntries(gameIds.map((id, i) => [id, i + 1])) };
}

/**
 * Sets the home page's highlighted games, in the order given (an empty list shows none): every game must
 * exist, then the whole node is replaced in one PATCH, so the page never reads half an edit.
 */
export async function commitHomeHighlights(db: RtdbClient, gameIds: readonly string[]): Promise<void> {
  await requireGames(db, gameIds);
  await db.patch('', { [ROOTS.highlightsHome]: homeHighlightsRecord(gameIds) });
}
