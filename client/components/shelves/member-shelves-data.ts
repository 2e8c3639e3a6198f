import type { Shelf } from '../../../shared/schemas/shelf.ts';

/** A game on a member's shelf, as their profile lists it. */
export interface ShelvedGame {
  gameId: string;
  status: Shelf;
  timestamp: number;
  /** The game's name when it was shelved (its deep link for a game shelved before names were kept). */
  name: string;
}

/** A member's shelves on their profile: how many games on each, the newest, and where the next page starts. */
export interface MemberShelves {
  counts: Record<Shelf, number>;
  games: ShelvedGame[];
  /** The cursor of GET /api/shelves/users/{uid} for the games after these; null when there are none. */
  nextCursor: string | null;
}
