import { useState } from 'react';
import { Link } from 'react-router';
import { callApi } from '../browser-capabilities.ts';
import { formatCount } from '../count-format.ts';
import type { MemberShelves as MemberShelvesData, ShelvedGame } from './member-shelves-data.ts';
import { SHELF_NAMES, SHELF_ORDER } from './shelf-names.ts';

/**
 * A member's shelves on their profile: how many games are on each shelf and their newest shelved games,
 * server-rendered (public, the same for everyone); "More" asks the public endpoint for the next page,
 * starting where the list ends. Key it by member.
 */
export function MemberShelves({
  uid,
  username,
  shelves,
}: {
  uid: string;
  username: string;
  shelves: MemberShelvesData;
}) {
  const [games, setGames] = useState<ShelvedGame[]>(shelves.games);
  const [cursor, setCursor] = useState(shelves.nextCursor);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const total = SHELF_ORDER.reduce((sum, shelf) => sum + shelves.counts[shelf], 0);
  if (total === 0 && games.length === 0) return null;

  async function more(from: string) {
    setBusy(true);
    setMessage('');
    try {
      const page = await callApi((api) =>
        api.shelves.users[':uid'].$get({ param: { uid }, query: { cursor: from } }),
      );
      setGames((shown) => [
        ...shown,
        ...page.games
          .filter((game) => !shown.some((kept) => kept.gameId === game.gameId))
          .map((game) => ({ ...game, name: game.name ?? game.gameId })),
      ]);
      setCursor(page.nextCursor);
    } catch {
      setMessage('Could not load more games. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="member-shelves" aria-labelledby="member-shelves">
      <h2 id="member-shelves">{`${username}’s shelves`}</h2>
      <dl className="member-shelf-counts">
        {SHELF_ORDER.map((shelf) => (
          <div key={shelf}>
            <dt>{SHELF_NAMES[shelf]}</dt>
            <dd>
              {formatCount(shelves.counts[shelf])}
              <span className="shelf-visually-hidden">
                {shelves.counts[shelf] === 1 ? ' game' : ' games'}
              </span>
            </dd>
          </div>
        ))}
      </dl>
      <ul className="member-shelf-games">
        {games.map((game) => (
          <li key={game.gameId}>
            <Link to={`/game/${game.gameId}`}>{game.name}</Link>
            <span className="member-shelf-status">{SHELF_NAMES[game.status]}</span>
          </li>
        ))}
      </ul>
      {cursor ? (
        <button
          type="button"
          className="pill-button"
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) void more(cursor);
          }}
        >
          More games
        </button>
      ) : null}
      <p className="shelf-message" role="status">
        {message}
      </p>
    </section>
  );
}
