import type { Shelf } from '../../../shared/schemas/shelf.ts';
import { callApi } from '../browser-capabilities.ts';

// Changing a member's shelf: loaded the first time they tap a shelf (shelf-control.tsx), so a game page's
// first load carries only the counts and the buttons.

/** Puts the game on `status` (PUT) or takes it off its shelf (null: DELETE); both idempotent. */
export function changeShelf(gameId: string, status: Shelf | null) {
  return callApi((api) => {
    const shelf = api.games[':gameId'].status;
    return status === null
      ? shelf.$delete({ param: { gameId } })
      : shelf.$put({ param: { gameId }, json: { status } });
  });
}
