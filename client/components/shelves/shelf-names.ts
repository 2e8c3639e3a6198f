import type { Shelf } from '../../../shared/schemas/shelf.ts';

// The shelves as a member reads them. The list is written here rather than imported from the schema's
// SHELVES: shared/schemas/shelf.ts imports zod, which stays out of every browser chunk (validation happens
// at the Worker: scripts/client-bundle-budget.test.ts).

/** The shelves in the order a member meets them, as shared/schemas/shelf.ts lists them. */
export const SHELF_ORDER: readonly Shelf[] = ['want', 'playing', 'played', 'dropped'];

/** Each shelf's name on a page. */
export const SHELF_NAMES: Record<Shelf, string> = {
  want: 'Want to play',
  playing: 'Playing',
  played: 'Played',
  dropped: 'Dropped',
};

/** How many members have a game on each shelf, none missing (a game never shelved has no counts). */
export function shelfCounts(read: Partial<Record<Shelf, number>> | undefined): Record<Shelf, number> {
  return {
    want: Math.max(0, read?.want ?? 0),
    playing: Math.max(0, read?.playing ?? 0),
    played: Math.max(0, read?.played ?? 0),
    dropped: Math.max(0, read?.dropped ?? 0),
  };
}
