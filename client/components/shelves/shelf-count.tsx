import type { Shelf } from '../../../shared/schemas/shelf.ts';
import { formatCount } from '../count-format.ts';

/** How many members have the game on `shelf`, read out as "3 members" (the server's list and the member's). */
export function ShelfCount({ counts, shelf }: { counts: Record<Shelf, number>; shelf: Shelf }) {
  return (
    <span className="shelf-count">
      {formatCount(counts[shelf])}
      <span className="shelf-visually-hidden">{counts[shelf] === 1 ? ' member' : ' members'}</span>
    </span>
  );
}
