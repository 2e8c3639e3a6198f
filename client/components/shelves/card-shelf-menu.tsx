import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Shelf } from '../../../shared/schemas/shelf.ts';
import { changeFailure, signedOut, useLoginPath } from './member-choice.tsx';
import { changeShelf } from './shelf-change.ts';
import { announceShelf } from './shelf-moved.ts';
import { SHELF_NAMES, SHELF_ORDER } from './shelf-names.ts';

// A game card's shelf menu (card-shelf.tsx loads this module the first time a card's menu opens): the four
// shelves as a menu of radio items, the member's shelf checked, and "Take it off" when the game is on
// one; a visitor gets a way to sign in instead. The menu button pattern of the ARIA practices: focus moves
// into the menu, arrows, Home and End move it, Escape closes and gives it back to the button, Tab or a
// click elsewhere closes (https://www.w3.org/WAI/ARIA/apg/patterns/menu-button/).

/** The menu's items: the shelves, and taking the game off its shelf (null). */
type Choice = Shelf | null;

/** The popup of a game card's shelf button, and what the card says after a change. */
export function CardShelfMenu({
  gameId,
  name,
  member,
  mine,
  open,
  onMine,
  onClose,
}: {
  gameId: string;
  name: string;
  /** Whether the browser holds a session. */
  member: boolean;
  /** The member's shelf of the game as the card shows it. */
  mine: Shelf | null;
  open: boolean;
  onMine: (status: Shelf | null) => void;
  /** Closes the menu; `refocus` gives the focus back to the button. */
  onClose: (refocus: boolean) => void;
}) {
  const menu = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState({ text: '', failed: false });
  const navigate = useNavigate();
  const loginPath = useLoginPath();
  const choices: Choice[] = mine ? [...SHELF_ORDER, null] : [...SHELF_ORDER];

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];

  // Opened: the focus goes to the member's shelf, or the first item; a click elsewhere closes.
  useEffect(() => {
    if (!open) return;
    const all = items();
    (all.find((item) => item.getAttribute('aria-checked') === 'true') ?? all[0])?.focus();
    const outside = (event: PointerEvent) => {
      const card = menu.current?.closest('.card-shelf');
      if (!(event.target instanceof Node) || !card?.contains(event.target)) onClose(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
    };
  }, [open, onClose]);

  function move(event: KeyboardEvent<HTMLDivElement>) {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const next: Record<string, number> = {
      ArrowDown: (at + 1) % all.length,
      ArrowUp: (at - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose(true);
    } else if (event.key === 'Tab') {
      // Back to the button first, so that Tab goes on from there.
      onClose(true);
    } else if (event.key in next) {
      event.preventDefault();
      all[next[event.key] ?? 0]?.focus();
    }
  }

  async function choose(choice: Choice) {
    onClose(true);
    if (busy || choice === mine) return;
    const from = mine;
    setBusy(true);
    setMessage({ text: '', failed: false });
    onMine(choice);
    try {
      const answer = await changeShelf(gameId, choice);
      // Every card of the game on this page, and the game page's own control, show it.
      announceShelf(gameId, answer.status);
      setMessage({
        text: answer.status ? `${name} is on ${SHELF_NAMES[answer.status]}.` : `${name} is on no shelf.`,
        failed: false,
      });
    } catch (error) {
      onMine(from);
      if (signedOut(error)) {
        // The session ended meanwhile: sign in first, then come back.
        await navigate(loginPath);
        return;
      }
      setMessage({
        text: changeFailure(
          error,
          choice === null
            ? `Could not take ${name} off its shelf. Please try again.`
            : `Could not put ${name} on ${SHELF_NAMES[choice]}. Please try again.`,
        ),
        failed: true,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {open ? (
        <div
          ref={menu}
          role="menu"
          aria-label={`Shelf for ${name}`}
          className="card-shelf-menu"
          onKeyDown={move}
        >
          {member ? (
            choices.map((choice) =>
              choice === null ? (
                <button
                  key="off"
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className="card-shelf-item card-shelf-off"
                  onClick={() => void choose(null)}
                >
                  Take it off
                </button>
              ) : (
                <button
                  key={choice}
                  type="button"
                  role="menuitemradio"
                  aria-checked={mine === choice}
                  tabIndex={-1}
                  className="card-shelf-item"
                  onClick={() => void choose(choice)}
                >
                  {SHELF_NAMES[choice]}
                  {/* Checked is said by aria-checked: the mark is for the eye only. */}
                  {mine === choice ? (
                    <span className="card-shelf-check" aria-hidden="true">
                      ✓
                    </span>
                  ) : null}
                </button>
              ),
            )
          ) : (
            <Link role="menuitem" tabIndex={-1} className="card-shelf-item" to={loginPath}>
              Sign in to shelve it
            </Link>
          )}
        </div>
      ) : null}
      {/* A change is said to screen readers; a failure is shown too. */}
      <p className={message.failed ? 'card-shelf-message' : 'shelf-visually-hidden'} role="status">
        {message.text}
      </p>
    </>
  );
}
