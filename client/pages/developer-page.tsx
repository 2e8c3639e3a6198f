import { Link } from 'react-router';
import type { DashboardGame } from '../../shared/schemas/developer-dashboard.ts';
import type { GameEvent } from '../../shared/schemas/event.ts';
import { callApi } from '../components/browser-capabilities.ts';
import { DeveloperEventForm } from '../components/developer-event-form.tsx';
import { apiFailureText } from '../components/api-failure-text.ts';
import { DeveloperGameEditor } from '../components/developer-game-editor.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { RelativeTime } from '../components/relative-time.tsx';
import { useRoleAccess } from '../components/role-access.ts';

const followers = (count: number) =>
  `${count.toLocaleString('en')} ${count === 1 ? 'follower' : 'followers'}`;

/** One of the developer's games: followers, latest activity and posts, and its page's form. */
function DashboardGameCard({
  entry,
  onSaved,
}: {
  entry: DashboardGame;
  onSaved: (entry: DashboardGame) => void;
}) {
  const { game, recentPosts, activityAt } = entry;
  const titleId = `developer-game-${game.deeplink_url_code}`;
  return (
    <article className="developer-card" aria-labelledby={titleId}>
      <h3 id={titleId}>
        <Link to={`/game/${game.deeplink_url_code}`}>{game.name}</Link>
      </h3>
      <p className="developer-stats">
        <strong>{followers(game.follows)}</strong>
        {activityAt ? (
          <>
            {' '}
            · last activity <RelativeTime at={activityAt} />
          </>
        ) : null}
      </p>
      {recentPosts.length > 0 ? (
        <ul className="developer-posts" aria-label={`Latest posts on ${game.name}`}>
          {recentPosts.map((post) => (
            <li key={post.uuid}>
              <span className="developer-post-author">{post.authorName ?? 'A member'}</span>
              {post.fromDeveloper ? <span className="developer-badge">Developer</span> : null}:{' '}
              <span className="developer-post-text">{post.content}</span> ·{' '}
              <RelativeTime at={post.timestamp} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="developer-hint">No posts yet. Post news on the game’s page.</p>
      )}
      <details className="developer-edit">
        <summary>Edit the game’s page</summary>
        <DeveloperGameEditor
          game={game}
          onSaved={(changed) => {
            onSaved({ ...entry, game: changed });
          }}
        />
      </details>
    </article>
  );
}

/** An event the developer created, with its form. */
function DashboardEventCard({
  event,
  ownGames,
  onSaved,
}: {
  event: GameEvent;
  ownGames: { id: string; name: string }[];
  onSaved: (event: GameEvent) => void;
}) {
  const titleId = `developer-event-${event.deeplink_url_code}`;
  return (
    <article className="developer-card" aria-labelledby={titleId}>
      <h3 id={titleId}>
        <Link to={`/event/${event.deeplink_url_code}`}>{event.name}</Link>
      </h3>
      <p className="developer-stats">
        {event.starts_on === event.ends_on
          ? event.starts_on
          : `${event.starts_on ?? ''} to ${event.ends_on ?? ''}`}
        {event.place ? ` · ${event.place}` : ''} · {followers(event.follows)}
      </p>
      <details className="developer-edit">
        <summary>Edit the event</summary>
        <DeveloperEventForm ownGames={ownGames} event={event} onSaved={onSaved} />
      </details>
    </article>
  );
}

/**
 * The developer dashboard (`readOnly.isDeveloper`): their games with followers and latest activity, a
 * form for each game's page, and their events. The server renders the same empty frame for everyone
 * (nothing of any member is in it); after hydration the browser asks the developer API, which alone
 * decides who is a developer.
 */
export function Component() {
  const [access, setDashboard] = useRoleAccess(
    () => callApi((api) => api.developer.dashboard.$get()),
    apiFailureText,
  );

  const dashboard = typeof access === 'object' && 'granted' in access ? access.granted : null;
  const ownGames =
    dashboard?.games.map(({ game }) => ({ id: game.deeplink_url_code, name: game.name })) ?? [];

  function savedGame(entry: DashboardGame) {
    if (!dashboard) return;
    setDashboard({
      ...dashboard,
      games: dashboard.games.map((e) =>
        e.game.deeplink_url_code === entry.game.deeplink_url_code ? entry : e,
      ),
    });
  }
  function savedEvent(event: GameEvent) {
    if (!dashboard) return;
    const others = dashboard.events.filter((e) => e.deeplink_url_code !== event.deeplink_url_code);
    setDashboard({
      ...dashboard,
      events: [event, ...others].sort((a, b) => (b.starts_on ?? '').localeCompare(a.starts_on ?? '')),
    });
  }

  return (
    <>
      <PageMeta
        title="Developer dashboard"
        description="Your games on Questline."
        path="/developer"
        noindex
      />
      <section className="developer-intro">
        <h1>Developer dashboard</h1>
        {access === 'checking' ? <p>Loading your games…</p> : null}
        {access === 'signed-out' ? (
          <p>
            <Link to="/login?next=/developer">Sign in</Link> with a developer account to run your games’
            pages.
          </p>
        ) : null}
        {access === 'denied' ? (
          <p>Only developer accounts can use this page. An editor can make your account one.</p>
        ) : null}
        {typeof access === 'object' && 'failed' in access ? <p role="alert">{access.failed}</p> : null}
      </section>
      {dashboard ? (
        <div className="developer-sections">
          <section aria-labelledby="developer-games-title">
            <h2 id="developer-games-title">Your games</h2>
            {dashboard.games.length === 0 ? (
              <p className="developer-hint">No games yet: an editor assigns your games to your account.</p>
            ) : (
              dashboard.games.map((entry) => (
                <DashboardGameCard key={entry.game.deeplink_url_code} entry={entry} onSaved={savedGame} />
              ))
            )}
          </section>
          <section aria-labelledby="developer-events-title">
            <h2 id="developer-events-title">Your events</h2>
            {dashboard.events.map((event) => (
              <DashboardEventCard
                key={event.deeplink_url_code}
                event={event}
                ownGames={ownGames}
                onSaved={savedEvent}
              />
            ))}
            {ownGames.length > 0 ? (
              <details className="developer-edit developer-new-event">
                <summary>New event</summary>
                <DeveloperEventForm ownGames={ownGames} onSaved={savedEvent} />
              </details>
            ) : null}
          </section>
        </div>
      ) : null}
    </>
  );
}
