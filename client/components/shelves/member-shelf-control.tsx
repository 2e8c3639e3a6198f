import { useEffect, useState } from 'react';
import type { Shelf, ShelfState } from '../../../shared/schemas/shelf.ts';
import { callApi } from '../browser-capabilities.ts';
import { SignInTo } from './member-choice.tsx';
import { SHELF_NAMES, shelfCounts } from './shelf-names.ts';
import { onShelfMoved } from './shelf-moved.ts';
import { ShelfSection } from './shelf-section.tsx';
import { useMemberChoice } from './use-member-choice.ts';

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
  const [counts, setCounts] = useState<Counts>(() => shelfCounts(rendered));
  const {
    mine,
    choice: status,
    setMine,
    waiting,
    message,
    change,
  } = useMemberChoice(
    gameId,
    (id) => callApi((api) => api.games[':gameId'].status.$get({ param: { gameId: id } })),
    (state) => {
      setCounts(shelfCounts(state.counts));
      return state.status;
    },
    'Could not check your shelf for this game.',
  );

  // Rating the game on no shelf put it on "played" (game-ratings.tsx): shown as if tapped here.
  useEffect(
    () =>
      onShelfMoved(gameId, (moved) => {
        if (status === moved) return;
        setCounts((shown) => movedCounts(shown, status, moved));
        setMine({ choice: moved });
      }),
    [gameId, status, setMine],
  );

  function tap(from: Shelf | null, shelf: Shelf) {
    const to = from === shelf ? null : shelf;
    return change({
      from,
      to,
      showAtOnce: () => {
        const before = counts;
        setCounts(movedCounts(before, from, to));
        return () => {
          setCounts(before);
        };
      },
      send: async (): Promise<ShelfState> => (await import('./shelf-change.ts')).changeShelf(gameId, to),
      answered: (answer) => {
        setCounts(shelfCounts(answer.counts));
        return answer.status;
      },
      failure:
        to === null
          ? `Could not take this game off ${SHELF_NAMES[shelf]}. Please try again.`
          : `Could not put this game on ${SHELF_NAMES[shelf]}. Please try again.`,
    });
  }

  const member = mine !== 'signed-out';
  return (
    <ShelfSection
      counts={counts}
      shelf={(shelf) =>
        member ? (
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
        )
      }
    >
      {member ? null : <SignInTo action="put this game on a shelf" />}
      <p className="shelf-message" role="status">
        {message}
      </p>
    </ShelfSection>
  );
}
