import { useEffect, useId, useState, type SubmitEvent } from 'react';
import type { FirstVisit as FirstVisitAnswer } from '../../../shared/schemas/first-visit.ts';
import { apiFailureText } from '../api-failure-text.ts';
import { callApi } from '../browser-capabilities.ts';
import { searchCatalogue } from '../search-api.ts';
import { tooOftenMessage } from '../too-often.ts';

// The first visit (issue 24, point 5): a member or guest who has not been through it is asked, on browse,
// for a few games they played or want to play, from the top games or a search. Each tap shelves the game
// at once (PUT /api/games/{gameId}/status), so nothing is lost if they leave halfway; Done or Skip ends
// the step (PUT /api/me/onboarded) and browse is read again, its suggestions now built from the picks.
// Loaded only for that member (browse-page.tsx, lazy), so nobody else's browse page carries it.

/** The two shelves the step offers: enough to say what someone likes, quick to answer. */
type Pick = 'played' | 'want';

const PICK_LABELS: Record<Pick, string> = { played: 'Played', want: 'Want to play' };

/** A game the step lists: from the top games or from a search. */
interface Choice {
  id: string;
  name: string;
}

/** How many search results the step lists. */
const SEARCH_RESULTS = 8;

/** The step itself; `onFinished` runs once the member is marked onboarded (done or skipped). */
export function FirstVisit({ onFinished }: { onFinished: () => Promise<void> }) {
  const headingId = useId();
  const [top, setTop] = useState<Choice[] | null>(null);
  const [found, setFound] = useState<Choice[] | null>(null);
  const [query, setQuery] = useState('');
  const [picks, setPicks] = useState<ReadonlyMap<string, Pick>>(new Map());
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [message, setMessage] = useState('');
  const [finishing, setFinishing] = useState(false);

  useEffect(() => {
    let current = true;
    callApi((api) => api.me['first-visit'].$get()).then(
      (answer: FirstVisitAnswer) => {
        if (current) setTop(answer.games.map(({ uuid, name }) => ({ id: uuid, name })));
      },
      () => {
        // Without the top games, search still works: the step stays usable.
        if (current) setTop([]);
      },
    );
    return () => {
      current = false;
    };
  }, []);

  async function search(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = query.trim();
    if (text === '') {
      setFound(null);
      return;
    }
    try {
      const results = await searchCatalogue(text, SEARCH_RESULTS);
      setFound(
        results
          .filter((result) => result._type === 'game')
          .map((result) => ({ id: result._id, name: result.name })),
      );
      setMessage('');
    } catch {
      setMessage('Search is not answering right now. Pick from the top games, or try again.');
    }
  }

  /** Puts the game on the shelf tapped, or takes it off when it is already there. */
  async function toggle(game: Choice, pick: Pick) {
    if (busy.has(game.id)) return;
    const off = picks.get(game.id) === pick;
    setBusy((ids) => new Set(ids).add(game.id));
    try {
      if (off) await callApi((api) => api.games[':gameId'].status.$delete({ param: { gameId: game.id } }));
      else
        await callApi((api) =>
          api.games[':gameId'].status.$put({ param: { gameId: game.id }, json: { status: pick } }),
        );
      setPicks((now) => {
        const next = new Map(now);
        if (off) next.delete(game.id);
        else next.set(game.id, pick);
        return next;
      });
      setMessage(off ? `${game.name} taken off.` : `${game.name}: ${PICK_LABELS[pick].toLowerCase()}.`);
    } catch (error) {
      setMessage(tooOftenMessage(error) ?? apiFailureText(error));
    } finally {
      setBusy((ids) => {
        const next = new Set(ids);
        next.delete(game.id);
        return next;
      });
    }
  }

  async function finish() {
    setFinishing(true);
    try {
      await callApi((api) => api.me.onboarded.$put());
      await onFinished();
    } catch (error) {
      setMessage(tooOftenMessage(error) ?? apiFailureText(error));
      setFinishing(false);
    }
  }

  const list = (games: Choice[], label: string) => (
    <ul className="first-visit-games" aria-label={label}>
      {games.map((game) => (
        <li key={game.id} className="first-visit-game">
          <span className="first-visit-name">{game.name}</span>
          <span className="first-visit-picks">
            {(['played', 'want'] as const).map((pick) => (
              <button
                key={pick}
                type="button"
                className="pill-button"
                aria-pressed={picks.get(game.id) === pick}
                aria-label={`${PICK_LABELS[pick]}: ${game.name}`}
                disabled={busy.has(game.id) || finishing}
                onClick={() => void toggle(game, pick)}
              >
                {PICK_LABELS[pick]}
              </button>
            ))}
          </span>
        </li>
      ))}
    </ul>
  );

  return (
    <section className="first-visit" aria-labelledby={headingId}>
      <h2 id={headingId}>Pick a few games you know</h2>
      <p>
        Tap games you have played or want to play: your suggestions start from them. You can skip this and
        shelve games from their pages later.
      </p>
      {/* Its own name: the header's site search is a search landmark too, and two unnamed ones are one too many. */}
      <form
        role="search"
        aria-label="Find games you know"
        className="first-visit-search"
        onSubmit={(event) => void search(event)}
      >
        <label>
          Find a game
          <input
            type="search"
            value={query}
            maxLength={100}
            onChange={(event) => {
              setQuery(event.currentTarget.value);
            }}
          />
        </label>
        <button type="submit" className="pill-button">
          Search
        </button>
      </form>
      {found === null ? null : found.length === 0 ? (
        <p>No game matches that. Try another name.</p>
      ) : (
        list(found, 'Games found')
      )}
      <h3>Top games</h3>
      {top === null ? <p role="status">Loading…</p> : list(top, 'Top games')}
      <p role="status" className="first-visit-status">
        {message}
      </p>
      <div className="first-visit-actions">
        <button
          type="button"
          className="pill-button pill-button-filled"
          onClick={() => void finish()}
          disabled={finishing || picks.size === 0}
        >
          {picks.size === 0 ? 'Done' : `Done: ${String(picks.size)} picked`}
        </button>
        <button type="button" className="pill-button" onClick={() => void finish()} disabled={finishing}>
          Skip
        </button>
      </div>
    </section>
  );
}
