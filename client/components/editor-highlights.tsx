import { useEffect, useState } from 'react';
import { MAX_HOME_HIGHLIGHTS } from '../../shared/schemas/editor-limits.ts';
import { callApi } from './browser-capabilities.ts';
import { apiFailureText } from './api-failure-text.ts';
import { EditorAddGame, EditorOrderedGames, type GameNames } from './editor-ordered-games.tsx';

interface Highlights {
  games: string[];
  names: GameNames;
  /** The revision they were read at: a save over someone else's is refused. */
  revision: number;
}

/** The home page's highlighted games, in order: reordered, added by name, removed, then saved at once. */
export function EditorHighlights() {
  const [highlights, setHighlights] = useState<Highlights | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  function load(then = '') {
    callApi((api) => api.editor.highlights.$get()).then(
      (answer) => {
        setHighlights(answer);
        setStatus(then);
      },
      (error: unknown) => {
        setStatus(apiFailureText(error));
      },
    );
  }
  useEffect(load, []);

  async function save({ games, revision }: Highlights) {
    setBusy(true);
    try {
      const answer = await callApi((api) => api.editor.highlights.$put({ json: { games, revision } }));
      setHighlights((current) => current && { ...current, revision: answer.revision });
      setStatus('Saved: the home page shows them now.');
    } catch (error) {
      setStatus(apiFailureText(error));
    } finally {
      setBusy(false);
    }
  }

  const conflicted = status.startsWith('Someone else saved');
  return (
    <section className="editor-section" aria-labelledby="editor-highlights">
      <h2 id="editor-highlights">Home highlights</h2>
      {highlights === null ? null : (
        <>
          <EditorOrderedGames
            label="Home highlights"
            ids={highlights.games}
            names={highlights.names}
            onChange={(games) => {
              setHighlights({ ...highlights, games });
            }}
          />
          {highlights.games.length < MAX_HOME_HIGHLIGHTS ? (
            <EditorAddGame
              label="Highlight a game"
              onAdd={(id, name) => {
                // From the state as it is when the search answers, not as it was when it was asked.
                setHighlights(
                  (current) =>
                    current &&
                    (current.games.includes(id)
                      ? current
                      : {
                          ...current,
                          games: [...current.games, id],
                          names: name ? { ...current.names, [id]: name } : current.names,
                        }),
                );
              }}
            />
          ) : null}
          <div className="editor-actions">
            <button type="button" disabled={busy} onClick={() => void save(highlights)}>
              Save highlights
            </button>
            {conflicted ? (
              <button
                type="button"
                className="secondary"
                onClick={() => {
                  load('Reloaded: these are the highlights as saved now.');
                }}
              >
                Reload highlights
              </button>
            ) : null}
          </div>
        </>
      )}
      <p role="status" className="editor-status">
        {status}
      </p>
    </section>
  );
}
