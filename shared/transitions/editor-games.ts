import { z } from 'zod';
import { gameNode } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';

/** An editor named games the catalogue does not have: nothing was written. */
export class UnknownGamesError extends Error {
  override readonly name = 'UnknownGamesError';
  readonly ids: string[];
  readonly userMessage: string;
  constructor(ids: string[]) {
    super(`unknown games: ${ids.join(', ')}`);
    this.ids = ids;
    const shown = ids.slice(0, 5).join(', ');
    this.userMessage = `No game with the id ${shown}${ids.length > 5 ? ` and ${String(ids.length - 5)} more` : ''}.`;
  }
}

/**
 * The catalogue names of `ids` (id → name; an id the catalogue lacks is left out): one small read of
 * each game's name, in parallel (the editors' schemas bound how many). Editors see games by name.
 */
export async function gameNames(db: RtdbClient, ids: Iterable<string>): Promise<Record<string, string>> {
  const unique = [...new Set(ids)];
  const names = await Promise.all(unique.map((id) => db.read(gameNode(id).child('name').path, z.string())));
  return Object.fromEntries(
    unique.flatMap((id, i) => {
      const name = names[i];
      return typeof name === 'string' ? [[id, name] as const] : [];
    }),
  );
}

/** Throws UnknownGamesError unless every id names a game of the catalogue, so no page points at nothing. */
export async function requireGames(db: RtdbClient, ids: Iterable<string>): Promise<void> {
  const unique = [...new Set(ids)];
  const names = await gameNames(db, unique);
  const unknown = unique.filter((id) => !(id in names));
  if (unknown.length > 0) throw new UnknownGamesError(unknown);
}
