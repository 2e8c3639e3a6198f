import { useEffect, useState } from 'react';
import { useBrowserSession } from '../browser-session.ts';

// A game card's shelf button, in the server's HTML for everyone and the same for every visitor (pages stay
// edge-cacheable). A page's first load carries this much only: the button's code (card-shelf-live.tsx)
// loads after hydration in a browser holding a session, which then reads the member's shelves of the
// page's games in one request, or when a visitor taps it; the menu's own code on its first opening.

type Live = typeof import('./card-shelf-live.tsx');

/** A game card's shelf button (see card-shelf-live.tsx once loaded). */
export function CardShelf({ gameId, name }: { gameId: string; name: string }) {
  const member = useBrowserSession();
  const [live, setLive] = useState<Live>();
  const [opening, setOpening] = useState(false);
  const load = () => import('./card-shelf-live.tsx').then(setLive);
  useEffect(() => {
    if (member) void load();
  }, [member]);
  if (live) return <live.CardShelfLive gameId={gameId} name={name} member={member} opening={opening} />;
  return (
    <div className="card-shelf">
      <button
        type="button"
        className="card-shelf-button"
        aria-haspopup="menu"
        aria-expanded="false"
        aria-label={`Shelf, ${name}`}
        onClick={() => {
          setOpening(true);
          void load();
        }}
      >
        Shelf
      </button>
    </div>
  );
}
