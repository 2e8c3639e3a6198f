import type { Shelf } from '../schemas/shelf.ts';

// The words other trackers use for where a game stands, read as one of our shelves. Only words whose
// meaning is plain are mapped; any other word (a custom shelf, Backloggd's "Shelved", "On hold") is shown
// in the import's preview as not mapped and puts the game on no shelf: a guess would file it wrongly in
// the member's name. Words are compared lower-cased, with signs and extra spaces set aside.

const WORDS: Record<Shelf, readonly string[]> = {
  // Backloggd's "Completed", "Retired" (games without an ending, done with) and "Played"; Grouvee's "Played".
  played: [
    'played',
    'completed',
    'complete',
    'finished',
    'beaten',
    'beat',
    'mastered',
    'done',
    'retired',
    '100',
  ],
  playing: ['playing', 'currently playing', 'now playing', 'in progress', 'started', 'replaying'],
  // Backloggd's "Backlog" and "Wishlist", Grouvee's "Backlog" and "Wish List".
  want: [
    'want',
    'want to play',
    'backlog',
    'backlogged',
    'wishlist',
    'wish list',
    'wishlisted',
    'plan to play',
    'planned',
    'to play',
  ],
  dropped: ['dropped', 'abandoned', 'quit', 'gave up'],
};

const SHELF_OF_WORD = new Map<string, Shelf>(
  Object.entries(WORDS).flatMap(([shelf, words]) => words.map((word) => [word, shelf as Shelf])),
);

/** A status word as compared: lower case, letters and digits, single spaces. */
const wordKey = (word: string) =>
  word
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** The shelf a tracker's status word means, or null when it is not one we map. */
export function shelfOfWord(word: string): Shelf | null {
  return SHELF_OF_WORD.get(wordKey(word)) ?? null;
}

/**
 * When a file puts a game on several shelves (Grouvee lets a game sit on "Played" and "Backlog"), the one
 * that says most about where it stands: playing, then played, dropped, want.
 */
const PRECEDENCE: readonly Shelf[] = ['playing', 'played', 'dropped', 'want'];

/** The shelf of several words: the mapped one first in precedence, or null when none is mapped. */
export function shelfOfWords(words: readonly string[]): Shelf | null {
  const shelves = new Set(words.map(shelfOfWord));
  return PRECEDENCE.find((shelf) => shelves.has(shelf)) ?? null;
}
