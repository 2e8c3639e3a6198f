import { lazy, Suspense } from 'react';
import type { Shelf } from '../../../shared/schemas/shelf.ts';
import { useBrowserSession } from '../browser-session.ts';
import { SignInTo } from './member-choice.tsx';
import { SHELF_NAMES, shelfCounts } from './shelf-names.ts';
import { ShelfSection } from './shelf-section.tsx';

/** A member's shelf buttons: their code loads only in a browser holding a session, after hydration. */
const MemberShelfControl = lazy(() =>
  import('./member-shelf-control.tsx').then((module) => ({ default: module.MemberShelfControl })),
);

type Counts = Partial<Record<Shelf, number>> | undefined;

/** The shelves as everyone sees them: each shelf's name and count, and (`signIn`) a way to sign in. */
function ShelfCounts({ counts: read, signIn }: { counts: Counts; signIn: boolean }) {
  const counts = shelfCounts(read);
  return (
    <ShelfSection counts={counts} shelf={(shelf) => <span className="shelf-name">{SHELF_NAMES[shelf]}</span>}>
      {signIn ? <SignInTo action="put this game on a shelf" /> : null}
    </ShelfSection>
  );
}

/**
 * A game's shelves: how many members have it on each, rendered by the server from the game record and
 * the same for every visitor (so the page stays edge-cacheable), with a link to sign in. In a browser
 * holding a session, the member's toggle buttons load after hydration (member-shelf-control.tsx) and
 * take the counts' place. Key it by game.
 */
export function ShelfControl({
  gameId,
  counts,
}: {
  gameId: string;
  /** The counts the page was rendered with (`games/{gameId}/shelves`). */
  counts: Counts;
}) {
  const session = useBrowserSession();
  if (!session) return <ShelfCounts counts={counts} signIn />;
  return (
    <Suspense fallback={<ShelfCounts counts={counts} signIn={false} />}>
      <MemberShelfControl gameId={gameId} counts={counts} />
    </Suspense>
  );
}
