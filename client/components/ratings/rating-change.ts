import { callApi } from '../browser-capabilities.ts';

// Changing a member's score: loaded the first time they tap a score (game-ratings.tsx), so a game page's
// first load carries only the ratings and the buttons.

/** Rates the game (PUT) or clears the member's score (null: DELETE); both idempotent. */
export function changeRating(gameId: string, score: number | null) {
  return callApi((api) => {
    const rating = api.games[':gameId'].rating;
    return score === null
      ? rating.$delete({ param: { gameId } })
      : rating.$put({ param: { gameId }, json: { score } });
  });
}
