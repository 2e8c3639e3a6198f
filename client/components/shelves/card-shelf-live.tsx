import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { Shelf } from '../../../shared/schemas/shelf.ts';
import { watchShelf } from './card-shelves-read.ts';
import { SHELF_NAMES } from './shelf-names.ts';

// A game card's shelf button once its code is there (card-shelf.tsx loads it after hydration in a browser
// holding a session, or when a visitor taps the button): for a member, their shelf of the game, read once
// for all the page's cards (card-shelves-read.ts) and named on the button. The menu's code loads on its
// first opening (card-shelf-menu.tsx).

const CardShelfMenu = lazy(() =>
  import('./card-shelf-menu.tsx').then((module) => ({ default: module.CardShelfMenu })),
);

/** The shelf button of a game card, and (once opened) its menu; `opening` when a tap loaded it. */
export function CardShelfLive({
  gameId,
  name,
  member,
  opening,
}: {
  gameId: string;
  name: string;
  /** Whether the browser holds a session. */
  member: boolean;
  opening: boolean;
}) {
  const [mine, setMine] = useState<Shelf | null>(null);
  const [open, setOpen] = useState(opening);
  const [asked, setAsked] = useState(opening);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    setMine(null);
    return member ? watchShelf(gameId, setMine) : undefined;
  }, [member, gameId]);

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);

  const shown = mine ? SHELF_NAMES[mine] : 'Shelf';
  const openMenu = () => {
    setAsked(true);
    setOpen(true);
  };
  return (
    <div className="card-shelf">
      <button
        ref={button}
        type="button"
        className="card-shelf-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`${shown}, ${name}`}
        data-shelf={mine ?? undefined}
        onClick={() => {
          if (open) setOpen(false);
          else openMenu();
        }}
        onKeyDown={(event) => {
          // The menu button pattern: an arrow opens the menu too (https://www.w3.org/WAI/ARIA/apg/patterns/menu-button/).
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
          event.preventDefault();
          openMenu();
        }}
      >
        {shown}
      </button>
      {asked ? (
        <Suspense fallback={null}>
          <CardShelfMenu
            gameId={gameId}
            name={name}
            member={member}
            mine={mine}
            open={open}
            onMine={setMine}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
