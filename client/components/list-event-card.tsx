import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ListFeedEvent } from '../../shared/schemas/list-feed-event.ts';
import { RelativeTime } from './relative-time.tsx';

/** "Hades", "Hades and Celeste", "Hades, Celeste and Dead Cells". */
function joined(names: readonly ReactNode[]): ReactNode[] {
  return names.flatMap((name, index) => {
    if (index === 0) return [name];
    return [index === names.length - 1 ? ' and ' : ', ', name];
  });
}

/**
 * A followed list gained games, as the home feed shows it: a compact card (nothing to like or comment
 * on) linking the list and each game named, and how many more it gained when it gained many.
 */
export function ListEventCard({ event }: { event: ListFeedEvent }) {
  const more = event.count - event.games.length;
  const games = event.games.map((game) => (
    <Link key={game.id} to={`/game/${game.id}`}>
      {game.name}
    </Link>
  ));
  return (
    <article className="list-event-card" data-list-event={event.uuid}>
      <p className="feed-text">
        <Link className="feed-author" to={`/lists/games/${event.list.code}`}>
          {event.list.name}
        </Link>{' '}
        gained {joined(games)}
        {more > 0 ? ` and ${String(more)} more game${more === 1 ? '' : 's'}` : null}
      </p>
      <p className="feed-meta">
        List update · <RelativeTime at={event.timestamp} />
      </p>
    </article>
  );
}
