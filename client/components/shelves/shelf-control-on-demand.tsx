import { onDemand } from '../on-demand.tsx';

// A game's shelves stay out of the game page's first-load JavaScript: the server renders the counts into
// the HTML (the page's loader loaded this module first: game-page.loader.ts) and the browser hydrates
// them once the module arrives (see on-demand.tsx); a member's buttons load after that.

const shelfControl = onDemand(
  'shelf-control',
  () => import('./shelf-control.tsx'),
  (module) => module.ShelfControl,
);

/** Loads the shelves' module once (the game page's loader, so that the server renders the counts). */
export const loadShelfControl = shelfControl.load;

/** A game's shelves (see shelf-control.tsx), its code loaded on demand. Key it by game. */
export const ShelfControl = shelfControl.Component;
