import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { EditorList } from '../../shared/schemas/editor-list.ts';
import { LIST_CODE_PATTERN, MAX_LIST_COLLECTIONS } from '../../shared/schemas/editor-limits.ts';
import { callApi } from './browser-capabilities.ts';
import { apiFailureText } from './api-failure-text.ts';
import { EditorAddGame, EditorOrderedGames, type GameNames } from './editor-ordered-games.tsx';
import { fieldValue } from './editor-field-value.ts';

interface ListChoice {
  code: string;
  name: string;
  games: number;
}

const NEW_LIST: EditorList = { name: '', description: '', collections: [{ name: 'Games', games: [] }] };

/**
 * The curated lists: pick one to edit or start a new one (its code becomes its address), then its name,
 * words and named collections of games in order; Save writes it all at once and its page shows it.
 */
export function EditorLists() {
  const [lists, setLists] = useState<ListChoice[]>([]);
  const [code, setCode] = useState('');
  const [isNew, setIsNew] = useState(false);
  const [list, setList] = useState<EditorList | null>(null);
  const [names, setNames] = useState<GameNames>({});
  /** The revision the list was read at (null for a new list): a save over someone else's is refused. */
  const [revision, setRevision] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  function readLists() {
    callApi((api) => api.editor.lists.$get()).then(
      (answer) => {
        setLists(answer.lists);
      },
      (error: unknown) => {
        setStatus(apiFailureText(error));
      },
    );
  }
  useEffect(readLists, []);

  async function open(chosen: string, then = '') {
    setCode(chosen);
    setIsNew(false);
    setList(null);
    if (!chosen) return;
    try {
      const answer = await callApi((api) => api.editor.lists[':code'].$get({ param: { code: chosen } }));
      setList(answer.list);
      setNames(answer.names);
      setRevision(answer.revision);
      setStatus(then);
    } catch (error) {
      setStatus(apiFailureText(error));
    }
  }

  async function save(edited: EditorList) {
    if (!LIST_CODE_PATTERN.test(code)) {
      setStatus('The code is lower-case letters, digits and single hyphens, e.g. cozy-winter-games.');
      return;
    }
    setBusy(true);
    try {
      const answer = await callApi((api) =>
        api.editor.lists[':code'].$put({
          param: { code },
          json: { ...edited, description: edited.description?.trim() || undefined, revision },
        }),
      );
      setIsNew(false);
      setRevision(answer.revision);
      setStatus(answer.created ? 'List created.' : 'List saved: its page shows it now.');
      readLists();
    } catch (error) {
      setStatus(apiFailureText(error));
    } finally {
      setBusy(false);
    }
  }

  const setCollection = (index: number, change: Partial<EditorList['collections'][number]>) => {
    if (!list) return;
    setList({
      ...list,
      collections: list.collections.map((collection, i) =>
        i === index ? { ...collection, ...change } : collection,
      ),
    });
  };

  return (
    <section className="editor-section" aria-labelledby="editor-lists">
      <h2 id="editor-lists">Lists</h2>
      <div className="editor-row-form">
        <label>
          List
          <select value={isNew ? '' : code} onChange={(event) => void open(fieldValue(event))}>
            <option value="">Choose a list…</option>
            {lists.map((choice) => (
              <option key={choice.code} value={choice.code}>
                {choice.name} ({String(choice.games)} games)
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="secondary"
          onClick={() => {
            setIsNew(true);
            setCode('');
            setList({ ...NEW_LIST, collections: [{ name: 'Games', games: [] }] });
            setNames({});
            setRevision(null);
            setStatus('');
          }}
        >
          New list
        </button>
      </div>
      {list ? (
        <form
          className="editor-list-form"
          onSubmit={(event) => {
            event.preventDefault();
            void save(list);
          }}
        >
          {isNew ? (
            <label>
              Code (its address: /lists/games/code)
              <input
                value={code}
                required
                onChange={(event) => {
                  setCode(fieldValue(event).trim().toLowerCase());
                }}
              />
            </label>
          ) : (
            <p>
              Address: <Link to={`/lists/games/${code}`}>/lists/games/{code}</Link>
            </p>
          )}
          <label>
            Name
            <input
              value={list.name}
              required
              maxLength={200}
              onChange={(event) => {
                setList({ ...list, name: fieldValue(event) });
              }}
            />
          </label>
          <label>
            Description
            <textarea
              value={list.description ?? ''}
              maxLength={1000}
              rows={2}
              onChange={(event) => {
                setList({ ...list, description: fieldValue(event) });
              }}
            />
          </label>
          {list.collections.map((collection, index) => (
            // Collections have no id of their own: their place is who they are while editing.
            <fieldset key={index} className="editor-collection">
              <legend>Collection {index + 1}</legend>
              <label>
                Collection name
                <input
                  value={collection.name}
                  required
                  maxLength={200}
                  onChange={(event) => {
                    setCollection(index, { name: fieldValue(event) });
                  }}
                />
              </label>
              <EditorOrderedGames
                label={collection.name || `Collection ${String(index + 1)}`}
                ids={collection.games}
                names={names}
                onChange={(games) => {
                  setCollection(index, { games });
                }}
              />
              <EditorAddGame
                label={`Add a game to ${collection.name || `collection ${String(index + 1)}`}`}
                onAdd={(id, name) => {
                  if (name) setNames((known) => ({ ...known, [id]: name }));
                  // From the state as it is when the search answers, not as it was when it was asked.
                  setList(
                    (current) =>
                      current && {
                        ...current,
                        collections: current.collections.map((each, i) =>
                          i === index && !each.games.includes(id)
                            ? { ...each, games: [...each.games, id] }
                            : each,
                        ),
                      },
                  );
                }}
              />
              {list.collections.length > 1 ? (
                <button
                  type="button"
                  className="secondary"
                  onClick={() => {
                    setList({ ...list, collections: list.collections.filter((_, i) => i !== index) });
                  }}
                >
                  Remove collection {index + 1}
                </button>
              ) : null}
            </fieldset>
          ))}
          <div className="editor-actions">
            {list.collections.length < MAX_LIST_COLLECTIONS ? (
              <button
                type="button"
                className="secondary"
                onClick={() => {
                  setList({ ...list, collections: [...list.collections, { name: '', games: [] }] });
                }}
              >
                Add a collection
              </button>
            ) : null}
            <button type="submit" disabled={busy}>
              Save list
            </button>
            {!isNew && status.startsWith('Someone else saved') ? (
              <button
                type="button"
                className="secondary"
                onClick={() => void open(code, 'Reloaded: this is the list as saved now.')}
              >
                Reload list
              </button>
            ) : null}
          </div>
        </form>
      ) : null}
      <p role="status" className="editor-status">
        {status}
      </p>
    </section>
  );
}
