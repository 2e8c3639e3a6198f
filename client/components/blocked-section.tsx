import { useState } from 'react';
import { Link } from 'react-router';
import type { BlockedList } from '../../shared/blocks/blocked-list.ts';
import type { BlockKind } from '../../shared/schemas/block.ts';
import { changeBlock } from './feed/member-blocks.ts';
import { refusalMessage } from './refusal-message.ts';

/** One blocked member or game, with the button that takes the block back. */
interface Entry {
  kind: BlockKind;
  id: string;
  name: string;
  /** Their page, when they have one. */
  path: string | null;
  action: string;
}

function entriesOf(blocked: BlockedList): Entry[] {
  return [
    ...blocked.members.map((member) => ({
      kind: 'users' as const,
      id: member.uid,
      name: member.username ?? 'A former member',
      path: member.username ? `/user/${encodeURIComponent(member.username)}` : null,
      action: 'Unblock',
    })),
    ...blocked.games.map((game) => ({
      kind: 'games' as const,
      id: game.uuid,
      name: game.name,
      path: `/game/${encodeURIComponent(game.deeplink_url_code)}`,
      action: 'Interested again',
    })),
  ];
}

/**
 * The browse page's list of the members the member blocked and the games they said they are not
 * interested in, folded, each with the button that takes it back (it then shows in their feeds again).
 */
export function BlockedSection({ blocked }: { blocked: BlockedList }) {
  const [entries, setEntries] = useState(() => entriesOf(blocked));
  const [busy, setBusy] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const members = entries.filter((entry) => entry.kind === 'users');
  const games = entries.filter((entry) => entry.kind === 'games');

  function takeBack(entry: Entry) {
    if (busy !== null) return;
    setBusy(entry.id);
    setStatus('');
    changeBlock(entry.kind, entry.id, false).then(
      () => {
        setEntries((shown) => shown.filter((e) => !(e.kind === entry.kind && e.id === entry.id)));
        setStatus(
          entry.kind === 'users' ? `${entry.name} is unblocked.` : `${entry.name} can show up again.`,
        );
        setBusy(null);
      },
      (error: unknown) => {
        setStatus(refusalMessage(error, `change this for ${entry.name}`));
        setBusy(null);
      },
    );
  }

  function list(shown: Entry[], empty: string) {
    if (shown.length === 0) return <p className="blocked-empty">{empty}</p>;
    return (
      <ul className="blocked-list">
        {shown.map((entry) => (
          <li key={`${entry.kind}/${entry.id}`}>
            {entry.path ? <Link to={entry.path}>{entry.name}</Link> : <span>{entry.name}</span>}
            <button
              type="button"
              className="pill-button secondary"
              aria-label={`${entry.action}: ${entry.name}`}
              aria-disabled={busy !== null || undefined}
              onClick={() => {
                takeBack(entry);
              }}
            >
              {entry.action}
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <details className="account-settings blocked-section">
      <summary>Blocked members and games ({entries.length})</summary>
      <h2 className="blocked-heading">Members you blocked</h2>
      {list(members, 'You haven’t blocked anyone.')}
      <h2 className="blocked-heading">Games you’re not interested in</h2>
      {list(games, 'None: choose “Not interested” on a game’s post to see less of it.')}
      <p role="status" className="blocked-status">
        {status}
      </p>
    </details>
  );
}
