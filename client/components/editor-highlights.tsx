import { useEffect, useState } from 'react';
import { MAX_HOME_HIGHLIGHTS } from '../../shared/schemas/editor-limits.ts';
import { callApi } from './browser-capabilities.ts';
import { editorFailure } from './editor-failure.ts';
import { EditorAddGame, EditorOrderedGames } from './editor-ordered-games.tsx';

/** The home page's highlighted games, in order: reordered, added by id, removed, then saved at once. */
export function EditorHighlights() {
  const [games, setGames] = useState<string[] | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    callApi('GET /editor/highlights', {}).then(
      (answer) => {
        setGames(answer.games);
      },
      (error: unknown) => {
        setStatus(editorFailure(error));
      },
    );
  }, []);

  async function save(ids: string[]) {
    setBusy(true);
    try {
      await callApi('PUT /editor/highlights', { body: { games: ids } });
      setStatus('Saved: the home page shows them now.');
    } catch (error) {
      setStatus(editorFailure(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="editor-section" aria-labelledby="editor-highlights">
      <h2 id="editor-highlights">Home highlights</h2>
      {games === null ? null : (
        <>
          <EditorOrderedGames label="Home highlights" ids={games} onChange={setGames} />
          {games.length < MAX_HOME_HIGHLIGHTS ? (
            <EditorAddGame
              label="Highlight a game"
              onAdd={(id) => {
                if (!games.includes(id)) setGames([...games, id]);
              }}
            />
          ) : null}
          <button type="button" disabled={busy} onClick={() => void save(games)}>
            Save highlights
          </button>
        </>
      )}
      <p role="status" className="editor-status">
        {status}
      </p>
    </section>
  );
}
