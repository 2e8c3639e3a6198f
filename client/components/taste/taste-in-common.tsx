import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { TasteAnswer } from '../../../shared/schemas/taste.ts';
import { apiFailureText } from '../api-failure-text.ts';
import { callApi, type ApiFailure } from '../browser-capabilities.ts';
import { currentMember } from '../current-member.ts';
import { RelativeTime } from '../relative-time.tsx';

// Taste in common on a member's profile (worker/api/taste.ts): how much the visitor's ratings agree with
// the member's, the games they agree and differ on most, and the visitor's own score of each. The
// member's scores are private and never reach the browser.

type Shown =
  | { kind: 'loading' }
  | { kind: 'none' }
  | { kind: 'taste'; taste: TasteAnswer }
  | { kind: 'failed'; message: string };

const gamesWord = (count: number) => (count === 1 ? 'game' : 'games');

function GamesNamed({ title, games }: { title: string; games: TasteAnswer['agreeing'] }) {
  if (games.length === 0) return null;
  return (
    <div className="taste-games">
      <h3>{title}</h3>
      <ul>
        {games.map((game) => (
          <li key={game.gameId}>
            <Link to={`/game/${game.gameId}`}>{game.name ?? game.gameId}</Link>
            <span className="taste-your-score">{`you gave ${String(game.yourScore)}`}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The section, once its code is loaded (taste-in-common-on-demand.tsx): asks the API, then shows it. */
export function TasteInCommonSection({ uid, username }: { uid: string; username: string }) {
  const [shown, setShown] = useState<Shown>({ kind: 'loading' });
  useEffect(() => {
    let current = true;
    const show = (next: Shown) => {
      if (current) setShown(next);
    };
    (async () => {
      // One's own profile has nothing to compare with.
      if ((await currentMember()).uid === uid) {
        show({ kind: 'none' });
        return;
      }
      const taste = await callApi((api) => api.users[':uid'].taste.$get({ param: { uid } }));
      show({ kind: 'taste', taste });
    })().catch((error: unknown) => {
      const code = (error as Partial<ApiFailure>).code;
      // No such member, a block either way, signed out meanwhile: nothing to show.
      if (code === 'not-found' || code === 'unauthenticated') show({ kind: 'none' });
      else show({ kind: 'failed', message: apiFailureText(error) });
    });
    return () => {
      current = false;
    };
  }, [uid]);

  if (shown.kind === 'none') return null;
  return (
    <section
      className="taste-in-common"
      aria-labelledby="taste-in-common"
      aria-busy={shown.kind === 'loading' || undefined}
    >
      <h2 id="taste-in-common">Taste in common</h2>
      {shown.kind === 'loading' ? (
        <p className="taste-note">Comparing your ratings…</p>
      ) : shown.kind === 'failed' ? (
        <p className="taste-note" role="status">
          {shown.message}
        </p>
      ) : shown.taste.agreement === null ? (
        <p className="taste-note">
          {shown.taste.inCommon === 0
            ? `You and ${username} have not rated any of the same games yet.`
            : `You and ${username} have rated ${String(shown.taste.inCommon)} of the same ${gamesWord(shown.taste.inCommon)}.`}{' '}
          {`Rate ${String(shown.taste.minimum)} in common to see how much your taste agrees.`}
        </p>
      ) : (
        <>
          <p className="taste-agreement">
            <strong>{`${String(shown.taste.agreement)}%`}</strong>
            {` agreement over the ${String(shown.taste.inCommon)} games you have both rated`}
          </p>
          <div className="taste-bar" aria-hidden="true">
            <span style={{ inlineSize: `${String(shown.taste.agreement)}%` }} />
          </div>
          <GamesNamed title="You agree on" games={shown.taste.agreeing} />
          <GamesNamed title="You differ on" games={shown.taste.disagreeing} />
          <p className="taste-note">
            {`100% means the same score for every game. ${username}’s own scores stay private.`}
          </p>
          {/* The visitor's scores are compared as held for a day (shared/catalogue/taste-basis.ts). */}
          <p className="taste-note taste-as-of">
            Compared with your scores as of <RelativeTime at={shown.taste.ratingsAsOf} />. Scores you give or
            change after that count here a day later.
          </p>
        </>
      )}
    </section>
  );
}
