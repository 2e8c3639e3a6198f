import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { fieldValue } from './editor-field-value.ts';

/** A drag's data as the browser has it (the Worker's check of this file knows no DOM). */
interface MoveTransfer {
  effectAllowed: string;
  dropEffect: string;
  setData(type: string, data: string): void;
}
const transferOf = (event: { dataTransfer: unknown }): MoveTransfer => event.dataTransfer as MoveTransfer;

/** The ids with the one at `from` moved to `to`. */
export function moved(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  if (id !== undefined) next.splice(to, 0, id);
  return next;
}

/**
 * Games in an order an editor changes: by dragging a row (native drag and drop, so no library), or from
 * the keyboard with a row's Move up / Move down buttons or the arrow keys on its handle. Each move is
 * announced in a live region, and focus stays on the moved game's handle so it can move on.
 */
export function EditorOrderedGames({
  label,
  ids,
  onChange,
}: {
  /** What the games are, for names and announcements ("Hard and fair"). */
  label: string;
  ids: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<number | null>(null);
  const handles = useRef(new Map<string, HTMLButtonElement>());

  function move(from: number, to: number) {
    const id = ids[from];
    if (id === undefined || to < 0 || to >= ids.length || to === from) return;
    onChange(moved(ids, from, to));
    setAnnouncement(`${id} moved to position ${String(to + 1)} of ${String(ids.length)} in ${label}.`);
    // After the re-render, keep the keyboard on the game that moved.
    setTimeout(() => {
      (handles.current.get(id) as unknown as { focus(): void } | undefined)?.focus();
    }, 0);
  }

  function remove(index: number) {
    const id = ids[index];
    onChange(ids.filter((_, i) => i !== index));
    if (id) setAnnouncement(`${id} removed from ${label}.`);
  }

  function onHandleKey(event: KeyboardEvent, index: number) {
    if (event.key === 'ArrowUp') move(index, index - 1);
    else if (event.key === 'ArrowDown') move(index, index + 1);
    else return;
    event.preventDefault();
  }

  function onDrop(event: DragEvent, index: number) {
    event.preventDefault();
    if (dragging !== null) move(dragging, index);
    setDragging(null);
  }

  return (
    <>
      {ids.length === 0 ? <p className="editor-empty">No games yet.</p> : null}
      <ol className="editor-ordered" aria-label={label}>
        {ids.map((id, index) => (
          <li
            key={id}
            draggable
            className={dragging === index ? 'dragging' : undefined}
            onDragStart={(event) => {
              transferOf(event).effectAllowed = 'move';
              transferOf(event).setData('text/plain', id);
              setDragging(index);
            }}
            onDragOver={(event) => {
              event.preventDefault();
              transferOf(event).dropEffect = 'move';
            }}
            onDrop={(event) => {
              onDrop(event, index);
            }}
            onDragEnd={() => {
              setDragging(null);
            }}
          >
            <button
              type="button"
              className="editor-handle"
              aria-label={`Reorder ${id} (position ${String(index + 1)} of ${String(ids.length)}): arrow keys move it`}
              ref={(element) => {
                if (element) handles.current.set(id, element);
                else handles.current.delete(id);
              }}
              onKeyDown={(event) => {
                onHandleKey(event, index);
              }}
            >
              <span aria-hidden="true">⠿</span>
            </button>
            <span className="editor-game-id">{id}</span>
            <span className="editor-row-actions">
              <button
                type="button"
                className="secondary"
                aria-label={`Move ${id} up`}
                disabled={index === 0}
                onClick={() => {
                  move(index, index - 1);
                }}
              >
                Move up
              </button>
              <button
                type="button"
                className="secondary"
                aria-label={`Move ${id} down`}
                disabled={index === ids.length - 1}
                onClick={() => {
                  move(index, index + 1);
                }}
              >
                Move down
              </button>
              <button
                type="button"
                className="secondary"
                aria-label={`Remove ${id}`}
                onClick={() => {
                  remove(index);
                }}
              >
                Remove
              </button>
            </span>
          </li>
        ))}
      </ol>
      <p className="editor-visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}

/**
 * A field to add a game by its id (the part of its address after /game/); checked when saved. Not a form
 * of its own, since it sits inside the list's form: Enter in it adds the game instead of saving the list.
 */
export function EditorAddGame({ label, onAdd }: { label: string; onAdd: (id: string) => void }) {
  const [value, setValue] = useState('');
  function add() {
    const id = value.trim().toLowerCase();
    if (id) onAdd(id);
    setValue('');
  }
  return (
    <div className="editor-add-game">
      <label>
        {label}
        <input
          value={value}
          placeholder="game id, e.g. hades"
          onChange={(event) => {
            setValue(fieldValue(event));
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            add();
          }}
        />
      </label>
      <button type="button" className="secondary" onClick={add}>
        Add
      </button>
    </div>
  );
}
