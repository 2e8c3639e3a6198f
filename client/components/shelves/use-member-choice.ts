import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { changeFailure, signedOut, useLoginPath } from './member-choice.tsx';

// The member's own choice of a game as its buttons hold it, whether a shelf (member-shelf-control.tsx) or a
// score (ratings/rating-control.tsx): read once after hydration, changed by a tap that shows at once and is
// undone if the API refuses, and the way back through signing in when the session has ended.

/** The member's choice (null: none): unknown until the API has answered. */
export type Mine<C> = 'unknown' | 'signed-out' | { choice: C | null };

/** One change of the member's choice, as a tap asks for it. */
export interface ChoiceChange<C, A> {
  from: C | null;
  to: C | null;
  /** Shows what goes with the change at once (the game's figures); answers how to undo it. */
  showAtOnce: () => () => void;
  /** Sends the change (its code loaded on the first tap). */
  send: () => Promise<A>;
  /** The member's choice as the API answered it; shows the rest of the answer. */
  answered: (answer: A) => C | null;
  /** What the member reads when the change failed (unless they went too fast: the API's words). */
  failure: string;
}

/**
 * The member's choice of the game: `read` asks the API after hydration (again for another game, never
 * for an answer that comes after unmounting or after the game changed) and `chosen` takes the choice out
 * of its answer, showing the rest; `readFailure` is said when it cannot be read (no choice is offered as
 * none then, which does no harm: every change is idempotent).
 */
export function useMemberChoice<C, S>(
  gameId: string,
  read: (gameId: string) => Promise<S>,
  chosen: (state: S) => C | null,
  readFailure: string,
) {
  const [mine, setMine] = useState<Mine<C>>('unknown');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const navigate = useNavigate();
  const loginPath = useLoginPath();
  // The read's callbacks as of the latest render: a new render alone does not read again.
  const latest = useRef({ read, chosen, readFailure });
  useEffect(() => {
    latest.current = { read, chosen, readFailure };
  });

  useEffect(() => {
    let current = true;
    latest.current.read(gameId).then(
      (state) => {
        if (current) setMine({ choice: latest.current.chosen(state) });
      },
      (error: unknown) => {
        if (!current) return;
        if (signedOut(error)) {
          setMine('signed-out');
          return;
        }
        setMine({ choice: null });
        setMessage(latest.current.readFailure);
      },
    );
    return () => {
      current = false;
    };
  }, [gameId]);

  async function change<A>({ from, to, showAtOnce, send, answered, failure }: ChoiceChange<C, A>) {
    setBusy(true);
    setMessage('');
    setMine({ choice: to });
    const undo = showAtOnce();
    try {
      const answer = await send();
      setMine({ choice: answered(answer) });
    } catch (error) {
      setMine({ choice: from });
      undo();
      if (signedOut(error)) {
        // The session ended meanwhile: sign in first, then come back.
        setMine('signed-out');
        await navigate(loginPath);
        return;
      }
      setMessage(changeFailure(error, failure));
    } finally {
      setBusy(false);
    }
  }

  return {
    mine,
    /** The member's choice as shown (null while unknown or signed out). */
    choice: typeof mine === 'object' ? mine.choice : null,
    /** Shows a choice made elsewhere on the page (a rating that shelved the game). */
    setMine,
    /** True until the choice is known and while a change is on its way: taps wait. */
    waiting: mine === 'unknown' || busy,
    message,
    change,
  };
}
