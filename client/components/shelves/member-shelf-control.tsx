import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Shelf, ShelfState } from '../../../shared/schemas/shelf.ts';
import { callApi } from '../browser-capabilities.ts';
import { changeFailure, SignInTo, signedOut, useLoginPath } from './member-choice.tsx';
import { ShelfCount } from './shelf-count.tsx';
import { SHELF_NAMES, SHELF_ORDER, shelfCounts } from './shelf-names.ts';
import { onShelfMoved } from './shelf-moved.ts';

/** The member's shelf for the game: unknown until the API has answered. */
type Mine = 'unknown' | 'signed-out' | { status: Shelf | null };

type Counts = Record<Shelf, number>;

/** The counts once the member's shelf moves from `from` to `to`, shown before the API answers. */
function movedCounts(counts: Counts, from: Shelf | null, to: Shelf | null): Counts {
  const next = { ...counts };
  if (from) next[from] = Math.max(0, next[from] - 1);
  if (to) next[to] += 1;
  return next;
}

/**
 * A member's shelves of a game (shelf-control.tsx loads this module only in a browser holding a session,
 * after hydration): the four shelves as toggle buttons with their counts; one tap puts the game on a
 * shelf, a tap on its shelf takes it off. The member's own shelf is read first (GET
 * /api/games/{gameId}/status); the code that changes it loads on the first tap (shelf-change.ts). A
 * change shows at once and is undone if the API refuses.
 */
export function MemberShelfControl({
  gameId,
  counts: rendered,
}: {
  gameId: string;
  /** The counts the page was rendered with (`games/{gameId}/shelves`). */
  counts: Partial<Record<Shelf, number>> | undefined;
}) {
  const [mine, setMine] = useState<Mine>('unknown');
  const [counts, setCounts] = useState<Counts>(() => shelfCounts(rendered));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const navigate = useNavigate();
  const loginPath = useLoginPath();

  useEffect(() => {
    let current = true;
    callApi((api) => api.games[':gameId'].status.$get({ param: { gameId } })).then(
      (state) => {
        if (!current) return;
        setMine({ status: state.status });
        setCounts(shelfCounts(state.counts));
      },
      (error: unknown) => {
        if (!current) return;
        if (signedOut(error)) {
          setMine('signed-out');
          return;
        }
        // Putting a game on a shelf is idempotent: offering every shelf cannot do harm.
        setMine({ status: null });
        setMessage('Could not check your shelf for this game.');
      },
    );
    return () => {
      current = false;
    };
  }, [gameId]);

  // Rating the game on no shelf put it on "played" (game-ratings.tsx): shown as if tapped here.
  useEffect(
    () =>
      onShelfMoved(gameId, (status) => {
        const from = typeof mine === 'object' ? mine.status : null;
        if (from === status) return;
        setCounts((shown) => movedCounts(shown, from, status));
        setMine({ status });
      }),
    [gameId, mine],
  );

  async function tap(from: Shelf | null, shelf: Shelf) {
    const to = from === shelf ? null : shelf;
    const before = counts;
    setBusy(true);
    setMessage('');
    setMine({ status: to });
    setCounts(movedCounts(before, from, to));
    try {
      const { changeShelf } = await import('./shelf-change.ts');
      const answer: ShelfState = await changeShelf(gameId, to);
      setMine({ status: answer.status });
      setCounts(shelfCounts(answer.counts));
    } catch (error) {
      setMine({ status: from });
      setCounts(before);
      if (signedOut(error)) {
        // The session ended meanwhile: sign in first, then come back.
        setMine('signed-out');
        await navigate(loginPath);
        return;
      }
      setMessage(
        changeFailure(
          error,
          to === null
            ? `Could not take this game off ${SHELF_NAMES[shelf]}. Please try again.`
            : `Could not put this game on ${SHELF_NAMES[shelf]}. Please try again.`,
        ),
      );
    } finally {
      setBusy(false);
    }
  }

  const member = mine !== 'signed-out';
  const waiting = mine === 'unknown' || busy;
  const status = typeof mine === 'object' ? mine.status : null;
  return (
    <section className="shelf-control" aria-labelledby="game-shelves">
      <h2 id="game-shelves" className="shelf-heading">
        Shelves
      </h2>
      <ul className="shelf-list">
        {SHELF_ORDER.map((shelf) => (
          <li key={shelf}>
            {member ? (
              <button
                type="button"
                className="shelf-button"
                aria-pressed={status === shelf}
                aria-disabled={waiting || undefined}
                onClick={() => {
                  if (!waiting) void tap(status, shelf);
                }}
              >
                {SHELF_NAMES[shelf]}
              </button>
            ) : (
              <span className="shelf-name">{SHELF_NAMES[shelf]}</span>
            )}
            <ShelfCount counts={counts} shelf={shelf} />
          </li>
        ))}
      </ul>
      {member ? null : <SignInTo action="put this game on a shelf" />}
      <p className="shelf-message" role="status">
        {message}
      </p>
    </section>
  );
}
