import { useState } from 'react';
import type { EditorMember } from '../../shared/schemas/editor-developer.ts';
import { callApi } from './browser-capabilities.ts';
import { apiFailureText } from './api-failure-text.ts';
import { fieldValue } from './editor-field-value.ts';
import { EditorAddGame, type GameNames } from './editor-ordered-games.tsx';

/**
 * Developer status by username: find the member, then grant it with the games they run (found by name
 * through the site's search, as lists are edited; a grant sends the whole set, so removing a game here
 * takes it from them) or revoke it.
 */
export function EditorDevelopers() {
  const [username, setUsername] = useState('');
  const [member, setMember] = useState<EditorMember | null>(null);
  const [games, setGames] = useState<string[]>([]);
  const [names, setNames] = useState<GameNames>({});
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const nameOf = (id: string) => names[id] ?? id;

  async function run(work: () => Promise<string>) {
    setBusy(true);
    try {
      setStatus(await work());
    } catch (error) {
      setStatus(apiFailureText(error));
    } finally {
      setBusy(false);
    }
  }

  const find = () =>
    run(async () => {
      setMember(null);
      const found = (
        await callApi((api) => api.editor.members[':username'].$get({ param: { username: username.trim() } }))
      ).member;
      setMember(found);
      setGames(found.developerGames);
      setNames(found.gameNames);
      return `Found ${found.username}.`;
    });

  const grant = (target: EditorMember) =>
    run(async () => {
      await callApi((api) =>
        api.editor.developers[':uid'].$put({ param: { uid: target.uid }, json: { games } }),
      );
      setMember({ ...target, isDeveloper: true, developerGames: games, gameNames: names });
      return `${target.username} is now a developer.`;
    });

  const revoke = (target: EditorMember) =>
    run(async () => {
      await callApi((api) => api.editor.developers[':uid'].$delete({ param: { uid: target.uid } }));
      setMember({ ...target, isDeveloper: false, developerGames: [], gameNames: {} });
      setGames([]);
      return `${target.username} is no longer a developer.`;
    });

  return (
    <section className="editor-section" aria-labelledby="editor-developers">
      <h2 id="editor-developers">Developers</h2>
      <form
        className="editor-row-form"
        onSubmit={(event) => {
          event.preventDefault();
          void find();
        }}
      >
        <label>
          Username
          <input
            value={username}
            autoComplete="off"
            onChange={(event) => {
              setUsername(fieldValue(event));
            }}
          />
        </label>
        <button type="submit" disabled={busy || username.trim() === ''}>
          Find member
        </button>
      </form>
      {member ? (
        <div className="editor-member">
          <p>
            <strong>{member.username}</strong> {member.isDeveloper ? 'is a developer' : 'is not a developer'}
            {member.isDeveloper && member.developerGames.length > 0
              ? ` of ${member.developerGames.map((id) => member.gameNames[id] ?? id).join(', ')}`
              : ''}
            .
          </p>
          <ul className="editor-developer-games" aria-label={`Games ${member.username} runs`}>
            {games.map((id) => (
              <li key={id}>
                <span className="editor-game-name">{nameOf(id)}</span>{' '}
                <button
                  type="button"
                  className="secondary"
                  aria-label={`Remove ${nameOf(id)}`}
                  onClick={() => {
                    setGames(games.filter((game) => game !== id));
                  }}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
          <EditorAddGame
            label={`Add a game to the games ${member.username} runs`}
            onAdd={(id, name) => {
              setGames((current) => (current.includes(id) ? current : [...current, id]));
              if (name !== null) setNames((current) => ({ ...current, [id]: name }));
            }}
          />
          <div className="editor-actions">
            <button type="button" disabled={busy} onClick={() => void grant(member)}>
              Grant developer
            </button>
            {member.isDeveloper ? (
              <button type="button" className="secondary" disabled={busy} onClick={() => void revoke(member)}>
                Revoke developer
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
      <p role="status" className="editor-status">
        {status}
      </p>
    </section>
  );
}
