import type { ReactNode } from 'react';
import type { Shelf } from '../../../shared/schemas/shelf.ts';
import { ShelfCount } from './shelf-count.tsx';
import { SHELF_ORDER } from './shelf-names.ts';

/**
 * A game's Shelves section, as everyone sees it (shelf-control.tsx) and as a member's buttons show it
 * (member-shelf-control.tsx): each shelf, drawn by `shelf` (its name, or the member's button), with its
 * count, then what follows the list (a way to sign in, the member's message).
 */
export function ShelfSection({
  counts,
  shelf: drawn,
  children,
}: {
  counts: Record<Shelf, number>;
  shelf: (shelf: Shelf) => ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="shelf-control" aria-labelledby="game-shelves">
      <h2 id="game-shelves" className="shelf-heading">
        Shelves
      </h2>
      <ul className="shelf-list">
        {SHELF_ORDER.map((shelf) => (
          <li key={shelf}>
            {drawn(shelf)}
            <ShelfCount counts={counts} shelf={shelf} />
          </li>
        ))}
      </ul>
      {children}
    </section>
  );
}
