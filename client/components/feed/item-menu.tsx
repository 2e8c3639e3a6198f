import { useEffect, useId, useRef, useState } from 'react';

// The few DOM members used here, typed apart: client components are also type-checked for the Worker,
// without the DOM (worker/tsconfig.json), and only these run in the browser alone (effects, handlers).
interface Focusable {
  focus(): void;
}
interface Container {
  contains(other: unknown): boolean;
}
interface DocumentEvents {
  addEventListener(type: 'pointerdown' | 'keydown', listener: (event: PageEvent) => void): void;
  removeEventListener(type: 'pointerdown' | 'keydown', listener: (event: PageEvent) => void): void;
}
interface PageEvent {
  target: unknown;
  key?: string;
}
const pageDocument = () => (globalThis as unknown as { document: DocumentEvents }).document;

/** One thing a member can do from an item's menu. */
export interface MenuAction {
  label: string;
  /**
   * When set, choosing the action first asks this (in the menu itself) with a button named `confirm`:
   * for what is heavy to undo, like blocking a member.
   */
  confirm?: { question: string; confirm: string };
  run: () => void;
}

/**
 * The "More" menu of a post or comment: a button that opens a short list of actions below it (a
 * disclosure, so that each action is a plain button in the tab order). Escape or a click elsewhere closes
 * it and gives focus back to the button.
 */
export function ItemMenu({ label, actions }: { label: string; actions: readonly MenuAction[] }) {
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState<MenuAction | null>(null);
  const id = useId();
  const root = useRef<HTMLDivElement & Container>(null);
  const button = useRef<HTMLButtonElement & Focusable>(null);
  const confirmButton = useRef<HTMLButtonElement & Focusable>(null);

  // The action's button is gone once the question shows: focus goes to the answer.
  useEffect(() => {
    if (asking) confirmButton.current?.focus();
  }, [asking]);

  function close(refocus: boolean) {
    setOpen(false);
    setAsking(null);
    if (refocus) button.current?.focus();
  }

  useEffect(() => {
    if (!open) return;
    function onPointer(event: PageEvent) {
      if (!root.current?.contains(event.target)) close(false);
    }
    function onKey(event: PageEvent) {
      if (event.key === 'Escape') close(true);
    }
    const page = pageDocument();
    page.addEventListener('pointerdown', onPointer);
    page.addEventListener('keydown', onKey);
    return () => {
      page.removeEventListener('pointerdown', onPointer);
      page.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (actions.length === 0) return null;
  return (
    <div className="item-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="item-menu-button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          if (open) close(false);
          else setOpen(true);
        }}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open ? (
        <div id={id} className="item-menu-list">
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
                        close(false);
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
