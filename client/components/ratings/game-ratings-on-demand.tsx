import { onDemand } from '../on-demand.tsx';

// A game's ratings stay out of the game page's first-load JavaScript: the server renders the average and
// the chart into the HTML (the page's loader loaded this module first: game-page.loader.ts) and the
// browser hydrates them once the module arrives (see on-demand.tsx); a member's buttons load after that.

const gameRatings = onDemand(
  'game-ratings',
  () => import('./game-ratings.tsx'),
  (module) => module.GameRatings,
);

/** Loads the ratings' module once (the game page's loader, so that the server renders the chart). */
export const loadGameRatings = gameRatings.load;

/** A game's ratings (see game-ratings.tsx), its code loaded on demand. Key it by game. */
export const GameRatings = gameRatings.Component;
