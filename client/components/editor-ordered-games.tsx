import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import type { SearchResult } from '../../shared/schemas/search.ts';
import { fieldValue } from './editor-field-value.ts';
import { searchCatalogue } from './search-api.ts';

/** Game id → name, for showing games by name (an id without one is shown as it is). */
export type GameNames = Readonly<Record<string, string>>;

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
  names,
  onChange,
}: {
  /** What the games are, for names and announcements ("Hard and fair"). */
  label: string;
  ids: readonly string[];
  names: GameNames;
  onChange: (ids: string[]) => void;
}) {
  const nameOf = (id: string) => names[id] ?? id;
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<number | null>(null);
  const handles = useRef(new Map<string, HTMLButtonElement>());

  function move(from: number, to: number) {
    const id = ids[from];
    if (id === undefined || to < 0 || to >= ids.length || to === from) return;
    onChange(moved(ids, from, to));
    setAnnouncement(
      `${nameOf(id)} moved to position ${String(to + 1)} of ${String(ids.length)} in ${label}.`,
    );
    // After the re-render, keep the keyboard on the game that moved.
    setTimeout(() => {
      handles.current.get(id)?.focus();
    }, 0);
  }

  function remove(index: number) {
    const id = ids[index];
    onChange(ids.filter((_, i) => i !== index));
    if (id) setAnnouncement(`${nameOf(id)} removed from ${label}.`);
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
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', id);
              setDragging(index);
            }}
            onDragOver={(event) => {
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
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
              aria-label={`Reorder ${nameOf(id)} (position ${String(index + 1)} of ${String(ids.length)}): arrow keys move it`}
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
            <span className="editor-game">
              <span className="editor-game-name">{nameOf(id)}</span>
              {names[id] ? <span className="editor-game-id">{id}</span> : null}
            </span>
            <span className="editor-row-actions">
              <button
                type="button"
                className="secondary"
                aria-label={`Move ${nameOf(id)} up`}
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
                aria-label={`Move ${nameOf(id)} down`}
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
                aria-label={`Remove ${nameOf(id)}`}
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

/** Games offered while an editor types; the site's search ranks them. */
const PICKS = 6;
/** Typing pauses this long before a search is sent. */
const DEBOUNCE_MS = 200;

/** The game `text` names exactly among `results`: the one with that id, else the one with that name. */
function namedGame(text: string, results: readonly SearchResult[]): SearchResult | undefined {
  const wanted = text.trim().toLowerCase();
  const games = results.filter((result) => result._type === 'game');
  return (
    games.find((game) => game._id === wanted) ?? games.find((game) => game.name.toLowerCase() === wanted)
  );
}

/**
 * A field to add a game by its name (or its id, the part of its address after /game/): while the editor
 * types, the site's search offers matching games as buttons. Enter or Add takes the game the text names
 * exactly; search is fuzzy, so anything else only offers the matches to pick from, and never adds a game
 * the editor did not choose. Not a form of its own, since it sits inside the list's form: Enter in it adds
 * the game instead of saving the list. Should search be unreachable, the text is taken as an id, which
 * the save checks.
 */
export function EditorAddGame({
  label,
  onAdd,
}: {
  label: string;
  onAdd: (id: string, name: string | null) => void;
}) {
  const [value, setValue] = useState('');
  const [picks, setPicks] = useState<SearchResult[]>([]);
  const [status, setStatus] = useState('');
  const typing = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (typing.current !== null) clearTimeout(typing.current);
    },
    [],
  );

  function offer(text: string) {
    if (typing.current !== null) clearTimeout(typing.current);
    if (!text.trim()) {
      setPicks([]);
      return;
    }
    typing.current = setTimeout(() => {
      searchCatalogue(text.trim(), PICKS).then(
        (results) => {
          setPicks(results.filter((result) => result._type === 'game'));
        },
        () => {
          setPicks([]);
        },
      );
    }, DEBOUNCE_MS);
  }

  function take(id: string, name: string | null) {
    if (typing.current !== null) clearTimeout(typing.current);
    onAdd(id, name);
    setStatus(`${name ?? id} added to ${label.replace(/^Add a game to /, '')}.`);
    setValue('');
    setPicks([]);
  }

  async function addBest() {
    const text = value.trim();
    if (!text) return;
    let results: SearchResult[] | null = null;
    try {
      results = await searchCatalogue(text, PICKS);
    } catch {
      // Search unreachable: the text may still be an id, which the save checks against the catalogue.
    }
    if (results === null) {
      take(text.toLowerCase(), null);
      return;
    }
    const game = namedGame(text, results);
    const matches = results.filter((result) => result._type === 'game');
    if (game) take(game._id, game.name);
    else if (matches.length > 0) {
      setPicks(matches);
      setStatus(`No game is called “${text}”: pick one of the matches.`);
    } else setStatus(`No game matches “${text}”.`);
  }

  return (
    <div className="editor-add-game">
      <div className="editor-add-row">
        <label>
          {label}
          <input
            type="search"
            value={value}
            placeholder="Game name, e.g. Hades"
            autoComplete="off"
            onChange={(event) => {
              setValue(fieldValue(event));
              // What the last add said belongs to the text that was there: typing anew clears it.
              setStatus('');
              offer(fieldValue(event));
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              void addBest();
            }}
          />
        </label>
        <button type="button" className="secondary" onClick={() => void addBest()}>
          Add
        </button>
      </div>
      {picks.length > 0 ? (
        <ul className="editor-picks" aria-label={`Games matching “${value}”`}>
          {picks.map((game) => (
            <li key={game._id}>
              <button
                type="button"
                className="secondary"
                onClick={() => {
                  take(game._id, game.name);
                }}
              >
                Add {game.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="editor-status" role="status">
        {status}
      </p>
    </div>
  );
}
