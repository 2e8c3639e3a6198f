import type { Shelf } from '../../../shared/schemas/shelf.ts';
import { callApi } from '../browser-capabilities.ts';
import { onShelfMoved } from './shelf-moved.ts';

// The member's shelves for the game cards a page shows, read after hydration in one request for all of
// them (GET /api/shelves/mine) rather than one a card: each card's watch joins the batch, which goes once
// the cards of the render have all joined. Loaded only in a browser holding a session (card-shelf.tsx).

/** As MAX_SHELF_CHECKS (shared/schemas/shelves-of-games.ts, which imports zod: no browser chunk does). */
const GAMES_A_REQUEST = 50;

type Seen = (status: Shelf | null) => void;

/** A card watching its game: told nothing once it stops (it may show another game by then). */
interface Card {
  seen: Seen;
  watching: boolean;
}

/** The cards waiting for their game's shelf, by game. */
const waiting = new Map<string, Card[]>();
let asking = false;

async function askFor(games: [string, Card[]][]): Promise<void> {
  try {
    const { shelves } = await callApi((api) =>
      api.shelves.mine.$get({ query: { ids: games.map(([gameId]) => gameId).join(',') } }),
    );
    for (const [gameId, cards] of games)
      for (const card of cards) if (card.watching) card.seen(shelves[gameId] ?? null);
  } catch {
    // The cards show no shelf: their menu still offers every shelf (putting a game on one is idempotent).
  }
}

function askSoon(): void {
  if (asking) return;
  asking = true;
  // After this render's effects: every card shown has joined by then.
  setTimeout(() => {
    asking = false;
    const games = [...waiting];
    waiting.clear();
    for (let start = 0; start < games.length; start += GAMES_A_REQUEST)
      void askFor(games.slice(start, start + GAMES_A_REQUEST));
  }, 0);
}

/**
 * Calls `seen` with the member's shelf of the game once read, and with each change made on this page (a
 * card's menu, the game page's control: shelf-moved.ts); answers the function that stops watching.
 */
export function watchShelf(gameId: string, seen: Seen): () => void {
  const card: Card = { seen, watching: true };
  const stop = onShelfMoved(gameId, seen);
  waiting.set(gameId, [...(waiting.get(gameId) ?? []), card]);
  askSoon();
  return () => {
    card.watching = false;
    stop();
  };
}
