import { useState } from 'react';
import type { EditorMember } from '../../shared/schemas/editor-developer.ts';
import { callApi } from './browser-capabilities.ts';
import { apiFailureText } from './api-failure-text.ts';
import { fieldValue } from './editor-field-value.ts';

/**
 * Developer status by username: find the member, then grant it (with the games they run, by id,
 * comma-separated; left empty their games stay as they are) or revoke it.
 */
export function EditorDevelopers() {
  const [username, setUsername] = useState('');
  const [member, setMember] = useState<EditorMember | null>(null);
  const [games, setGames] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

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
        await callApi('GET /editor/members/:username', { params: { username: username.trim() } })
      ).member;
      setMember(found);
      setGames(found.developerGames.join(', '));
      return `Found ${found.username}.`;
    });

  const grant = (target: EditorMember) =>
    run(async () => {
      const ids = games
        .split(',')
        .map((id) => id.trim().toLowerCase())
        .filter((id) => id !== '');
      await callApi('PUT /editor/developers/:uid', {
        params: { uid: target.uid },
        body: ids.length > 0 ? { games: [...new Set(ids)] } : {},
      });
      setMember({
        ...target,
        isDeveloper: true,
        developerGames: ids.length > 0 ? ids : target.developerGames,
      });
      return `${target.username} is now a developer.`;
    });

  const revoke = (target: EditorMember) =>
    run(async () => {
      await callApi('DELETE /editor/developers/:uid', { params: { uid: target.uid } });
      setMember({ ...target, isDeveloper: false, developerGames: [] });
      setGames('');
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
              ? ` of ${member.developerGames.join(', ')}`
              : ''}
            .
          </p>
          <label>
            Games they run (ids, comma-separated)
            <input
              value={games}
              onChange={(event) => {
                setGames(fieldValue(event));
              }}
            />
          </label>
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
