import { z } from 'zod';
import { Refusal } from '../refusal.ts';
import { gameNode } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';

/** An editor named games the catalogue does not have: 400 with the ids named, nothing was written. */
export class UnknownGamesError extends Refusal {
  override readonly name = 'UnknownGamesError';
  readonly ids: string[];
  constructor(ids: string[]) {
    const shown = ids.slice(0, 5).join(', ');
    super(400, 'invalid-input', {
      message: `No game with the id ${shown}${ids.length > 5 ? ` and ${String(ids.length - 5)} more` : ''}.`,
      detail: `unknown games: ${ids.join(', ')}`,
    });
    this.ids = ids;
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
