import { useEffect, useState } from 'react';
import { EDITOR_LOG_KINDS } from '../../shared/schemas/editor-limits.ts';
import type { EditorLogEntry, EditorLogKind } from '../../shared/schemas/editor-logs.ts';
import { callApi } from './browser-capabilities.ts';
import { apiFailureText } from './api-failure-text.ts';
import { RelativeTime } from './relative-time.tsx';
import { fieldValue } from './editor-field-value.ts';

const KIND_NAMES: Record<EditorLogKind, string> = {
  analytics: 'Follows and suggestions',
  page_views: 'Page views',
};

/** What an entry recorded, in one line: its fields but the time. */
const summary = (entry: EditorLogEntry) =>
  Object.entries(entry.fields)
    .filter(([name]) => name !== 'timestamp')
    .map(([name, value]) => `${name}: ${String(value)}`)
    .join(' · ');

/** The latest entries of a log first, 20 at a time, with a button for older ones. */
export function EditorLogs() {
  const [kind, setKind] = useState<EditorLogKind>('analytics');
  const [entries, setEntries] = useState<EditorLogEntry[]>([]);
  const [before, setBefore] = useState<string | null>(null);
  const [status, setStatus] = useState('Loading…');

  async function load(from: string | null, replace: boolean) {
    try {
      const page = await callApi((api) =>
        api.editor.logs.$get({ query: { kind, ...(from === null ? {} : { before: from }) } }),
      );
      setEntries((shown) => (replace ? page.entries : [...shown, ...page.entries]));
      setBefore(page.before);
      setStatus(replace && page.entries.length === 0 ? 'Nothing logged yet.' : '');
    } catch (error) {
      setStatus(apiFailureText(error));
    }
  }

  useEffect(() => {
    void load(null, true);
    // Read again whenever the log shown changes.
  }, [kind]);

  return (
    <section className="editor-section" aria-labelledby="editor-logs">
      <h2 id="editor-logs">Logs</h2>
      <label>
        Log
        <select
          value={kind}
          onChange={(event) => {
            setKind(fieldValue(event) as EditorLogKind);
          }}
        >
          {EDITOR_LOG_KINDS.map((name) => (
            <option key={name} value={name}>
              {KIND_NAMES[name]}
            </option>
          ))}
        </select>
      </label>
      <ol className="editor-log">
        {entries.map((entry) => (
          <li key={entry.id}>
            {entry.timestamp === null ? null : <RelativeTime at={entry.timestamp} />}{' '}
            <span>{summary(entry)}</span>
          </li>
        ))}
      </ol>
      {before ? (
        <button type="button" className="secondary" onClick={() => void load(before, false)}>
          Older entries
        </button>
      ) : null}
      <p role="status" className="editor-status">
        {status}
      </p>
    </section>
  );
}
