import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Link, useRevalidator } from 'react-router';
import { libraryExportCsv } from '../../shared/library/library-export-csv.ts';
import { parseLibraryFile } from '../../shared/library/library-file.ts';
import { MAX_LIBRARY_FILE_BYTES, MAX_MATCH_ENTRIES } from '../../shared/schemas/library-limits.ts';
import type { LibraryEntry, LibraryMatch, MatchedGame } from '../../shared/schemas/library-match.ts';
import { callApi } from './browser-capabilities.ts';
import { refusalMessage } from './refusal-message.ts';
import { tooOftenMessage } from './too-often.ts';
import { RATE_LIMIT_PERIOD_SECONDS } from '../../shared/rate-limit.ts';

// Bringing a library in (issue: a member's games from another tracker or store, followed here in one
// step): the file is read here, in the browser, and never uploaded whole; its games go to the Worker a
// chunk at a time to be matched (POST /api/library/match), with a progress bar; games matched for
// certain are listed, close matches wait for the member to choose; then each chosen game is followed
// through the follow API, which follows a game once however often it is asked (nothing twice). A file
// that cannot be read, or matching that fails, changes nothing.

/** Chunks matched at once: a large library goes faster, and the Worker sees a few requests at a time. */
const CHUNKS_AT_ONCE = 3;
/** Follows sent at once: enough to be quick, few enough not to crowd the member's connection. */
const FOLLOWS_AT_ONCE = 4;

interface Progress {
  label: string;
  done: number;
  total: number;
}

/** One game of the file with what the catalogue made of it. */
interface Matched {
  entry: LibraryEntry;
  match: LibraryMatch;
}

interface Outcome {
  followed: number;
  already: number;
  failed: number;
  notMatched: string[];
  skipped: number;
}

type Phase =
  | { kind: 'choose' }
  | { kind: 'working'; progress: Progress }
  | { kind: 'review'; matched: Matched[]; choices: Record<number, string> }
  | { kind: 'done'; outcome: Outcome };

/** How an entry is named to the member: its name, else its Steam app id, else its id. */
function entryName(entry: LibraryEntry): string {
  return (
    entry.name ?? (entry.appid === undefined ? (entry.id ?? 'A game') : `Steam app ${String(entry.appid)}`)
  );
}

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/** The entries in chunks the match endpoint takes. */
function chunksOf(entries: LibraryEntry[]): LibraryEntry[][] {
  const chunks: LibraryEntry[][] = [];
  for (let start = 0; start < entries.length; start += MAX_MATCH_ENTRIES)
    chunks.push(entries.slice(start, start + MAX_MATCH_ENTRIES));
  return chunks;
}

/**
 * A chunk's matches; one more try when the first fails for a reason other than the request itself.
 * Matching counts among the member's writes: a large library outruns the limit, so a refusal for going
 * too fast waits the window out (`onPause` tells the member) and asks again.
 */
async function matchChunk(entries: LibraryEntry[], onPause: () => void): Promise<LibraryMatch[]> {
  let retried = false;
  for (;;) {
    try {
      return (await callApi((api) => api.library.match.$post({ json: { entries } }))).matches;
    } catch (error) {
      if (tooOftenMessage(error)) {
        onPause();
        await new Promise((resolve) => setTimeout(resolve, RATE_LIMIT_PERIOD_SECONDS * 1000));
        continue;
      }
      const status = (error as { status?: number }).status;
      if (retried || (status !== undefined && status >= 400 && status < 500)) throw error;
      retried = true;
    }
  }
}

/** Saves `text` as a file named `name` through a link the page clicks (the export needs the member's token). */
function saveFile(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 1000);
}

function ProgressBar({ progress }: { progress: Progress }) {
  const id = useId();
  return (
    <div className="library-progress">
      <label htmlFor={id}>{progress.label}</label>
      <progress id={id} max={progress.total} value={progress.done}>
        {progress.done} of {progress.total}
      </progress>
    </div>
  );
}

function GameChoice({ game }: { game: MatchedGame }) {
  return (
    <>
      {game.name}{' '}
      <Link to={`/game/${encodeURIComponent(game.id)}`} target="_blank" rel="noopener">
        (page)
      </Link>
    </>
  );
}

/** The library import and export, as the browse page's "Bring your library" section shows them. */
export function LibraryImport() {
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();
  const [phase, setPhase] = useState<Phase>({ kind: 'choose' });
  const [message, setMessage] = useState('');
  const [status, setStatus] = useState('');
  const [exporting, setExporting] = useState(false);

  function reset() {
    if (fileInput.current) fileInput.current.value = '';
    setPhase({ kind: 'choose' });
  }

  async function read(file: File) {
    setMessage('');
    if (file.size > MAX_LIBRARY_FILE_BYTES) {
      setMessage(`This file is too large: at most ${String(MAX_LIBRARY_FILE_BYTES / 1024 / 1024)} MB.`);
      reset();
      return;
    }
    const parsed = parseLibraryFile(await file.text());
    if (!parsed.ok) {
      setMessage(parsed.message);
      reset();
      return;
    }
    const { entries } = parsed;
    const label = (done: number) =>
      `Matching your games: ${plural(done, 'game', 'games')} of ${entries.length.toLocaleString('en')}`;
    setPhase({ kind: 'working', progress: { label: label(0), done: 0, total: entries.length } });
    setStatus(`Matching ${plural(entries.length, 'game', 'games')}…`);
    const chunks = chunksOf(entries);
    const answers: LibraryMatch[][] = [];
    let next = 0;
    let done = 0;
    // Set once a chunk fails: the other matchers stop and leave the page as the failure left it.
    const run = { failed: false };
    const stopped = () => run.failed;
    async function matcher() {
      for (let index = next++; index < chunks.length && !stopped(); index = next++) {
        const chunk = chunks[index] ?? [];
        answers[index] = await matchChunk(chunk, () => {
          setStatus('Matching paused for a minute: that is a lot of games at once. It goes on by itself.');
        });
        done += chunk.length;
        if (!stopped())
          setPhase({ kind: 'working', progress: { label: label(done), done, total: entries.length } });
      }
    }
    try {
      await Promise.all(Array.from({ length: Math.min(CHUNKS_AT_ONCE, chunks.length) }, matcher));
    } catch (error) {
      run.failed = true;
      setMessage(`${refusalMessage(error, 'match your games')} Nothing was followed.`);
      setStatus('');
      reset();
      return;
    }
    const matched: Matched[] = chunks.flatMap((chunk, chunkIndex) =>
      chunk.map((entry, index) => ({
        entry,
        match: answers[chunkIndex]?.[index] ?? { status: 'unmatched' },
      })),
    );
    setStatus(`Matched ${plural(matched.length, 'game', 'games')}. Check them, then follow.`);
    setPhase({ kind: 'review', matched, choices: {} });
  }

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (file) void read(file);
  }

  async function follow(matched: Matched[], choices: Record<number, string>) {
    const ids = new Set<string>();
    const notMatched: string[] = [];
    let skipped = 0;
    matched.forEach(({ entry, match }, index) => {
      if (match.status === 'certain') ids.add(match.game.id);
      else if (match.status === 'unmatched') notMatched.push(entryName(entry));
      else if (choices[index]) ids.add(choices[index]);
      else skipped++;
    });
    const queue = [...ids];
    const total = queue.length;
    const outcome: Outcome = { followed: 0, already: 0, failed: 0, notMatched, skipped };
    const label = (done: number) =>
      `Following: ${plural(done, 'game', 'games')} of ${total.toLocaleString('en')}`;
    let done = 0;
    setPhase({ kind: 'working', progress: { label: label(0), done: 0, total } });
    setStatus(`Following ${plural(total, 'game', 'games')}…`);
    async function worker() {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        try {
          const answer = await callApi((api) =>
            api.follows[':type'][':targetId'].$put({ param: { type: 'game', targetId: id } }),
          );
          if (answer.changed) outcome.followed++;
          else outcome.already++;
        } catch (error) {
          if (tooOftenMessage(error)) {
            // A large library outruns the member's write limit: wait the window out, then follow this one again.
            queue.unshift(id);
            setStatus('Following paused for a minute: that is a lot of games at once. It goes on by itself.');
            await new Promise((resolve) => setTimeout(resolve, RATE_LIMIT_PERIOD_SECONDS * 1000));
            continue;
          }
          outcome.failed++;
        }
        done++;
        setPhase({ kind: 'working', progress: { label: label(done), done, total } });
      }
    }
    await Promise.all(Array.from({ length: FOLLOWS_AT_ONCE }, worker));
    setStatus(summary(outcome));
    setPhase({ kind: 'done', outcome });
    // The page's lists (games you follow, suggestions) read again with the new follows.
    void revalidator.revalidate();
  }

  async function download(format: 'json' | 'csv') {
    if (exporting) return;
    setExporting(true);
    setMessage('');
    try {
      const data = await callApi((api) => api.library.export.$get({ query: {} }));
      const day = new Date(data.exportedAt).toISOString().slice(0, 10);
      if (format === 'json')
        saveFile(`questline-library-${day}.json`, 'application/json', `${JSON.stringify(data, null, 2)}\n`);
      else saveFile(`questline-library-${day}.csv`, 'text/csv', libraryExportCsv(data));
      setStatus('Your export is downloaded.');
    } catch (error) {
      setMessage(refusalMessage(error, 'export your library'));
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="library-import">
      <h2 className="blocked-heading">Bring your games</h2>
      <p>
        Follow the games you already have, in one step: choose Steam’s owned-games JSON, a CSV file with a
        “title” column from another tracker, or a Questline export.
      </p>
      <label htmlFor={fileId}>Library file (JSON or CSV, at most 2 MB)</label>
      <input
        ref={fileInput}
        id={fileId}
        type="file"
        accept=".json,.csv,.txt,application/json,text/csv"
        disabled={phase.kind === 'working'}
        onChange={onFile}
      />
      {message ? (
        <p role="alert" className="library-message">
          {message}
        </p>
      ) : null}
      {phase.kind === 'working' ? <ProgressBar progress={phase.progress} /> : null}
      {phase.kind === 'review' ? (
        <Review
          matched={phase.matched}
          choices={phase.choices}
          onChoose={(index, id) => {
            setPhase({ ...phase, choices: { ...phase.choices, [index]: id } });
          }}
          onConfirm={() => void follow(phase.matched, phase.choices)}
          onCancel={() => {
            setStatus('Nothing was followed.');
            reset();
          }}
        />
      ) : null}
      {phase.kind === 'done' ? <Result outcome={phase.outcome} /> : null}
      {/* Announced only: what it says is on screen already (the progress bar, the review, the result). */}
      <p role="status" aria-live="polite" className="library-status feed-visually-hidden">
        {status}
      </p>
      <h2 className="blocked-heading">Take everything with you</h2>
      <p>
        Your follows, posts, comments, likes, answers to suggestions, blocks, hidden tags and profile, as a
        file.
      </p>
      <div className="library-export">
        <button
          type="button"
          className="pill-button secondary"
          aria-disabled={exporting || undefined}
          onClick={() => void download('json')}
        >
          Download JSON
        </button>
        <button
          type="button"
          className="pill-button secondary"
          aria-disabled={exporting || undefined}
          onClick={() => void download('csv')}
        >
          Download CSV
        </button>
      </div>
    </div>
  );
}

/** What a finished import did, in words. */
function summary(outcome: Outcome): string {
  const parts = [`Followed ${plural(outcome.followed, 'game', 'games')}.`];
  if (outcome.already > 0)
    parts.push(`${plural(outcome.already, 'game was', 'games were')} already followed.`);
  if (outcome.skipped > 0) parts.push(`You skipped ${plural(outcome.skipped, 'game', 'games')}.`);
  if (outcome.failed > 0)
    parts.push(`${plural(outcome.failed, 'game', 'games')} could not be followed: try again later.`);
  if (outcome.notMatched.length > 0)
    parts.push(`${plural(outcome.notMatched.length, 'game', 'games')} could not be matched.`);
  return parts.join(' ');
}

function Result({ outcome }: { outcome: Outcome }) {
  return (
    <div className="library-result">
      <p>{summary(outcome)}</p>
      {outcome.notMatched.length > 0 ? (
        <>
          <h3>Not matched</h3>
          <ul className="library-unmatched">
            {outcome.notMatched.map((name, index) => (
              <li key={`${String(index)}-${name}`}>{name}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

function Review({
  matched,
  choices,
  onChoose,
  onConfirm,
  onCancel,
}: {
  matched: Matched[];
  choices: Record<number, string>;
  onChoose: (index: number, id: string) => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const certain = matched.flatMap(({ match }) => (match.status === 'certain' ? [match.game] : []));
  const unmatched = matched.filter(({ match }) => match.status === 'unmatched');
  const uncertain = matched.flatMap((item, index) =>
    item.match.status === 'uncertain'
      ? [{ entry: item.entry, candidates: item.match.candidates, index }]
      : [],
  );
  const chosen = new Set([
    ...certain.map((game) => game.id),
    ...Object.values(choices).filter((id) => id !== ''),
  ]);
  return (
    <div className="library-review">
      <p>
        {plural(certain.length, 'game', 'games')} matched for certain
        {uncertain.length > 0 ? `, ${plural(uncertain.length, 'game needs', 'games need')} your choice` : ''}
        {unmatched.length > 0 ? `, ${plural(unmatched.length, 'game', 'games')} not found` : ''}.
      </p>
      {certain.length > 0 ? (
        <details>
          <summary>Matched games ({certain.length})</summary>
          <ul className="library-matched">
            {certain.map((game, index) => (
              <li key={`${String(index)}-${game.id}`}>{game.name}</li>
            ))}
          </ul>
        </details>
      ) : null}
      {uncertain.map(({ entry, candidates, index }) => (
        <fieldset key={index} className="library-choice">
          <legend>Which game is “{entryName(entry)}”?</legend>
          {candidates.map((game) => (
            <label key={game.id}>
              <input
                type="radio"
                name={`library-choice-${String(index)}`}
                value={game.id}
                checked={choices[index] === game.id}
                onChange={() => {
                  onChoose(index, game.id);
                }}
              />{' '}
              <GameChoice game={game} />
            </label>
          ))}
          <label>
            <input
              type="radio"
              name={`library-choice-${String(index)}`}
              value=""
              checked={!choices[index]}
              onChange={() => {
                onChoose(index, '');
              }}
            />{' '}
            None of these: skip it
          </label>
        </fieldset>
      ))}
      <div className="library-actions">
        <button type="button" className="pill-button" onClick={onConfirm}>
          {chosen.size > 0 ? `Follow ${plural(chosen.size, 'game', 'games')}` : 'Finish'}
        </button>
        <button type="button" className="pill-button secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
