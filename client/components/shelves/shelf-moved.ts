import type { Shelf } from '../../../shared/schemas/shelf.ts';

// Rating a game on no shelf puts it on "played" (shared/transitions/rating.ts): the rating control says
// so, and the page's shelf control shows it without asking the API again. In handlers and effects only.

const SHELF_MOVED = 'questline:shelf-moved';

interface ShelfMoved {
  gameId: string;
  status: Shelf | null;
}

/** Tells the page that the member's shelf for the game is now `status`. */
export function announceShelf(gameId: string, status: Shelf | null): void {
  window.dispatchEvent(new CustomEvent<ShelfMoved>(SHELF_MOVED, { detail: { gameId, status } }));
}

/** Calls `moved` with each shelf announced for the game; answers the function that stops listening. */
export function onShelfMoved(gameId: string, moved: (status: Shelf | null) => void): () => void {
  const listener = (event: Event) => {
    const { detail } = event as CustomEvent<ShelfMoved>;
    if (detail.gameId === gameId) moved(detail.status);
  };
  window.addEventListener(SHELF_MOVED, listener);
  return () => {
    window.removeEventListener(SHELF_MOVED, listener);
  };
}
