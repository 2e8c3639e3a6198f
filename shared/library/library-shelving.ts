import type { Shelf } from '../schemas/shelf.ts';

// What bringing a library in does to one game's shelf and score, decided the same way for the preview
// (in the browser, from the member's shelves as they stand) and for the write (on the Worker, from the
// entry the write is gated on): the file's shelf and score are set where the member has none; where the
// member has another, they are replaced only when the member chose to overwrite, else kept. An import
// never takes a game off its shelf or clears a score.

/** Where a game stands for the member now: their shelf and score (null: none). */
export interface Standing {
  status: Shelf | null;
  score: number | null;
}

/** What a file says of the game: a shelf, a score, or both. */
export interface Wanted {
  shelf?: Shelf | undefined;
  score?: number | undefined;
}

/** What the import will set (absent: nothing), and what of the member's own it finds different. */
export interface Shelving {
  shelf?: Shelf;
  score?: number;
  /** The member's own shelf, when the file says another. */
  differentShelf?: Shelf;
  /** The member's own score, when the file says another. */
  differentScore?: number;
}

/** The shelving of one game, from where it stands and what the file wants; `overwrite` the member's choice. */
export function shelvingOf(current: Standing | null, wanted: Wanted, overwrite: boolean): Shelving {
  const shelving: Shelving = {};
  const status = current?.status ?? null;
  const score = current?.score ?? null;
  if (wanted.shelf !== undefined && wanted.shelf !== status) {
    if (status !== null) shelving.differentShelf = status;
    if (status === null || overwrite) shelving.shelf = wanted.shelf;
  }
  if (wanted.score !== undefined && wanted.score !== score) {
    if (score !== null) shelving.differentScore = score;
    if (score === null || overwrite) shelving.score = wanted.score;
  }
  return shelving;
}

/** Whether a shelving writes anything. */
export const shelvingWrites = (shelving: Shelving): boolean =>
  shelving.shelf !== undefined || shelving.score !== undefined;
