import { useEffect, useRef, useState } from 'react';
import { useDisclosure } from '../use-disclosure.ts';

// Only the confirm button's focus is used of the DOM here; the rest is useDisclosure's.
interface Focusable {
  focus(): void;
}

/** One thing a member can do from an item's menu. */
export interface MenuAction {
  label: string;
  /**
   * When set, choosing the action first asks this (in the menu itself) with a button named `confirm`:
   * for what is heavy to undo, like blocking a member.
   */
  confirm?: { question: string; confirm: string };
  /**
   * The action opens a dialog (a report): focus goes back to the menu's button first, so that the dialog
   * gives it back there when it closes.
   */
  opensDialog?: boolean;
  run: () => void;
}

/**
 * The "More" menu of a post or comment: a button that opens a short list of actions below it (a
 * disclosure, so that each action is a plain button in the tab order). Escape or a click elsewhere closes
 * it and gives focus back to the button.
 */
export function ItemMenu({ label, actions }: { label: string; actions: readonly MenuAction[] }) {
  const { open, setOpen, close, root, buttonProps, panelId } = useDisclosure<
    HTMLDivElement,
    HTMLButtonElement
  >();
  // What the menu asks before an action; only shown while open, and forgotten when it opens again.
  const [asking, setAsking] = useState<MenuAction | null>(null);
  const confirmButton = useRef<HTMLButtonElement & Focusable>(null);

  // The action's button is gone once the question shows: focus goes to the answer.
  useEffect(() => {
    if (asking) confirmButton.current?.focus();
  }, [asking]);

  if (actions.length === 0) return null;
  return (
    <div className="item-menu" ref={root}>
      <button
        {...buttonProps}
        type="button"
        className="item-menu-button"
        aria-label={label}
        onClick={() => {
          if (open) close(false);
          else {
            setAsking(null);
            setOpen(true);
          }
        }}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open ? (
        <div id={panelId} className="item-menu-list">
          {asking?.confirm ? (
            <div className="item-menu-confirm" role="group" aria-label={asking.label}>
              <p>{asking.confirm.question}</p>
              <button
                ref={confirmButton}
                type="button"
                className="danger"
                onClick={() => {
                  close(false);
                  asking.run();
                }}
              >
                {asking.confirm.confirm}
              </button>
              <button
                type="button"
                className="secondary"
                onClick={() => {
                  close(true);
                }}
              >
                Cancel
              </button>
            </div>
          ) : (
            <ul>
              {actions.map((action) => (
                <li key={action.label}>
                  <button
                    type="button"
                    onClick={() => {
                      if (action.confirm) setAsking(action);
                      else {
                        close(action.opensDialog === true);
                        action.run();
                      }
                    }}
                  >
                    {action.label}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
