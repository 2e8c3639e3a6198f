import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Link, useRevalidator } from 'react-router';
import { libraryExportCsv } from '../../shared/library/library-export-csv.ts';
import { parseLibraryFile, type LibraryMark } from '../../shared/library/library-file.ts';
import {
  shelvingOf,
  shelvingWrites,
  type Shelving,
  type Standing,
} from '../../shared/library/library-shelving.ts';
import {
  MAX_LIBRARY_FILE_BYTES,
  MAX_MATCH_ENTRIES,
  MAX_SHELVING_GAMES,
} from '../../shared/schemas/library-limits.ts';
import type { LibraryShelvingGame } from '../../shared/schemas/library-shelving.ts';
import type { LibraryEntry, LibraryMatch, MatchedGame } from '../../shared/schemas/library-match.ts';
import { callApi, type ApiFailure } from './browser-capabilities.ts';
import { refusalMessage } from './refusal-message.ts';
import { SHELF_NAMES } from './shelves/shelf-names.ts';
import { tooOftenMessage } from './too-often.ts';
import { RATE_LIMIT_PERIOD_SECONDS } from '../../shared/rate-limit.ts';

// Bringing a library in (issue: a member's games from another tracker or store, followed here in one
// step): the file is read here, in the browser, and never uploaded whole; its games go to the Worker a
// chunk at a time to be matched (POST /api/library/match), with a progress bar; games matched for
// certain are listed, close matches wait for the member to choose; then each chosen game is followed
// through the follow API, which follows a game once however often it is asked (nothing twice). What the
// file says of each game's shelf and rating is previewed beside where the member's games stand now (what
// will be shelved and rated, what would change a shelf or score they set, which the member keeps or
// replaces, what the file says that we do not map), then written a batch at a time through
// POST /api/library/shelves, by the same rules as a tap on a game's page. A file that cannot be read, or
// matching that fails, changes nothing.

/** Chunks matched at once: a large library goes faster, and the Worker sees a few requests at a time. */
const CHUNKS_AT_ONCE = 3;
/** Follows sent at once: enough to be quick, few enough not to crowd the member's connection. */
const FOLLOWS_AT_ONCE = 4;
/** How often a batch answered busy (its games held by a tap or another tab) is sent again. */
const SHELVING_BUSY_TRIES = 3;

interface Progress {
  label: string;
  done: number;
  total: number;
}

/** One game of the file with what the catalogue made of it, and what the file says of it. */
interface Matched {
  entry: LibraryEntry;
  match: LibraryMatch;
  mark: LibraryMark;
}

interface Outcome {
  followed: number;
  already: number;
  failed: number;
  notMatched: string[];
  skipped: number;
  /** Games whose shelf or score was set, kept as the member had them, and not shelved (gone, failed). */
  shelved: number;
  kept: number;
  notShelved: number;
}

/** Where the member's games stand now, by game id (none: not shelved, not rated). */
type Standings = ReadonlyMap<string, Standing>;

type Phase =
  | { kind: 'choose' }
  | { kind: 'working'; progress: Progress }
  | {
      kind: 'review';
      matched: Matched[];
      choices: Record<number, string>;
      standings: Standings;
      overwrite: boolean;
    }
  | { kind: 'done'; outcome: Outcome };

/** One game to shelve or rate: the catalogue's game, its name, what the file says of it. */
interface ToShelve {
  gameId: string;
  name: string;
  mark: LibraryMark;
}

/**
 * The games the member chose (certain matches and the candidates picked), each once: the first line of
 * the file that became the game is what counts, as when reading the file.
 */
function chosenGames(matched: Matched[], choices: Record<number, string>): ToShelve[] {
  const games = new Map<string, ToShelve>();
  matched.forEach(({ entry, match, mark }, index) => {
    const game =
      match.status === 'certain'
        ? match.game
        : match.status === 'uncertain'
          ? match.candidates.find((candidate) => candidate.id === choices[index])
          : undefined;
    if (game && !games.has(game.id))
      games.set(game.id, { gameId: game.id, name: game.name || entryName(entry), mark });
  });
  return [...games.values()];
}

const scoreText = (score: number) => `${String(score)}/10`;

/**
 * What the import does to one game, in words: "Played · 9/10", "Dropped (replaces your Playing)",
 * "4/10 (keeps your Playing; the file says Dropped)", "8/10 (rated, so on Played)".
 */
function shelvingLine(mark: LibraryMark, planned: Shelving, standing: Standing | null): string {
  const set = standingText(planned.shelf && SHELF_NAMES[planned.shelf], planned.score);
  const notes: string[] = [];
  const replaced = standingText(
    planned.shelf === undefined ? undefined : planned.differentShelf && SHELF_NAMES[planned.differentShelf],
    planned.score === undefined ? undefined : planned.differentScore,
  );
  if (replaced !== '') notes.push(`replaces your ${replaced}`);
  const keptShelf = planned.shelf === undefined ? planned.differentShelf : undefined;
  const keptScore = planned.score === undefined ? planned.differentScore : undefined;
  const kept = standingText(keptShelf && SHELF_NAMES[keptShelf], keptScore);
  if (kept !== '')
    notes.push(
      `keeps your ${kept}; the file says ${standingText(
        keptShelf && mark.shelf && SHELF_NAMES[mark.shelf],
        keptScore === undefined ? undefined : mark.score,
      )}`,
    );
  if (planned.score !== undefined && planned.shelf === undefined && !standing?.status)
    notes.push('rated, so on Played');
  const said = set === '' ? 'nothing changes' : set;
  return notes.length > 0 ? `${said} (${notes.join('; ')})` : said;
}

/** A shelf and score in words: "Played · 9/10". */
function standingText(shelf: string | undefined, score: number | undefined): string {
  return [shelf, score === undefined ? undefined : scoreText(score)].filter(Boolean).join(' · ');
}

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
    let position = 0;
    const matched: Matched[] = chunks.flatMap((chunk, chunkIndex) =>
      chunk.map((entry, index) => ({
        entry,
        match: answers[chunkIndex]?.[index] ?? { status: 'unmatched' },
        mark: parsed.marks[position++] ?? { follow: true },
      })),
    );
    // The preview compares the file with where the member's games stand: read once, only when it matters.
    let standings: Standings = new Map();
    if (parsed.marks.some((mark) => mark.shelf !== undefined || mark.score !== undefined)) {
      try {
        const { games } = await callApi((api) => api.library.shelves.$get());
        standings = new Map(games.map(({ gameId, status, score }) => [gameId, { status, score }]));
      } catch (error) {
        setMessage(`${refusalMessage(error, 'read your shelves')} Nothing was changed.`);
        setStatus('');
        reset();
        return;
      }
    }
    setStatus(`Matched ${plural(matched.length, 'game', 'games')}. Check them, then confirm.`);
    setPhase({ kind: 'review', matched, choices: {}, standings, overwrite: false });
  }

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (file) void read(file);
  }

  async function confirm(
    matched: Matched[],
    choices: Record<number, string>,
    standings: Standings,
    overwrite: boolean,
  ) {
    const notMatched: string[] = [];
    let skipped = 0;
    matched.forEach(({ entry, match }, index) => {
      if (match.status === 'unmatched') notMatched.push(entryName(entry));
      else if (match.status === 'uncertain' && !choices[index]) skipped++;
    });
    const games = chosenGames(matched, choices);
    const queue = games.filter(({ mark }) => mark.follow).map(({ gameId }) => gameId);
    // Only what writes something is sent: the preview's own decision, checked again by the Worker.
    const toShelve = games.flatMap(({ gameId, mark }): LibraryShelvingGame[] =>
      shelvingWrites(shelvingOf(standings.get(gameId) ?? null, mark, overwrite))
        ? [
            {
              gameId,
              ...(mark.shelf === undefined ? {} : { shelf: mark.shelf }),
              ...(mark.score === undefined ? {} : { score: mark.score }),
            },
          ]
        : [],
    );
    const total = queue.length;
    const outcome: Outcome = {
      followed: 0,
      already: 0,
      failed: 0,
      notMatched,
      skipped,
      shelved: 0,
      kept: 0,
      notShelved: 0,
    };
    const label = (done: number) =>
      `Following: ${plural(done, 'game', 'games')} of ${total.toLocaleString('en')}`;
    let done = 0;
    setPhase({ kind: 'working', progress: { label: label(0), done: 0, total } });
    setStatus(`Following ${plural(total, 'game', 'games')}…`);
    const pause = (what: string) => {
      setStatus(`${what} paused for a minute: that is a lot of games at once. It goes on by itself.`);
      return new Promise((resolve) => setTimeout(resolve, RATE_LIMIT_PERIOD_SECONDS * 1000));
    };
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
            await pause('Following');
            continue;
          }
          outcome.failed++;
        }
        done++;
        setPhase({ kind: 'working', progress: { label: label(done), done, total } });
      }
    }
    await Promise.all(Array.from({ length: FOLLOWS_AT_ONCE }, worker));
    if (toShelve.length > 0) {
      const shelfLabel = (count: number) =>
        `Shelving and rating: ${plural(count, 'game', 'games')} of ${toShelve.length.toLocaleString('en')}`;
      setPhase({ kind: 'working', progress: { label: shelfLabel(0), done: 0, total: toShelve.length } });
      setStatus(`Shelving and rating ${plural(toShelve.length, 'game', 'games')}…`);
      // A batch at a time, one after another: each is one of the member's writes, whatever its size.
      let busyTries = 0;
      for (let start = 0; start < toShelve.length;) {
        const batch = toShelve.slice(start, start + MAX_SHELVING_GAMES);
        try {
          const answer = await callApi((api) =>
            api.library.shelves.$post({ json: { games: batch, overwrite } }),
          );
          for (const game of answer.games)
            if (game.outcome === 'changed') outcome.shelved++;
            else if (game.outcome === 'kept') outcome.kept++;
            else if (game.outcome === 'not-found') outcome.notShelved++;
        } catch (error) {
          if (tooOftenMessage(error)) {
            await pause('Shelving');
            continue;
          }
          // Busy (409): a tap or another tab held some of these games and nothing of the batch was
          // written, so it is sent again after a moment, a few times.
          if ((error as Partial<ApiFailure>).code === 'busy' && busyTries < SHELVING_BUSY_TRIES) {
            busyTries++;
            await new Promise((resolve) => setTimeout(resolve, 500 * busyTries));
            continue;
          }
          outcome.notShelved += batch.length;
        }
        busyTries = 0;
        start += batch.length;
        setPhase({
          kind: 'working',
          progress: { label: shelfLabel(start), done: start, total: toShelve.length },
        });
      }
    }
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
        Follow the games you already have, in one step, with their shelves and ratings: choose Steam’s
        owned-games JSON (games you played go on Played), a CSV file with a “title” column from another
        tracker (Grouvee’s export, a Backloggd export; its status and rating columns too), or a Questline
        export. You see what changes before anything is written.
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
          standings={phase.standings}
          overwrite={phase.overwrite}
          onChoose={(index, id) => {
            setPhase({ ...phase, choices: { ...phase.choices, [index]: id } });
          }}
          onOverwrite={(overwrite) => {
            setPhase({ ...phase, overwrite });
          }}
          onConfirm={() => void confirm(phase.matched, phase.choices, phase.standings, phase.overwrite)}
          onCancel={() => {
            setStatus('Nothing was followed, shelved or rated.');
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
        Your follows, shelves, ratings, posts, comments, likes, answers to suggestions, blocks, hidden tags
        and profile, as a file.
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
  if (outcome.shelved > 0) parts.push(`Shelved or rated ${plural(outcome.shelved, 'game', 'games')}.`);
  if (outcome.kept > 0)
    parts.push(`${plural(outcome.kept, 'game keeps', 'games keep')} your own shelf or rating.`);
  if (outcome.notShelved > 0)
    parts.push(`${plural(outcome.notShelved, 'game', 'games')} could not be shelved: try again later.`);
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
  standings,
  overwrite,
  onChoose,
  onOverwrite,
  onConfirm,
  onCancel,
}: {
  matched: Matched[];
  choices: Record<number, string>;
  standings: Standings;
  overwrite: boolean;
  onChoose: (index: number, id: string) => void;
  onOverwrite: (overwrite: boolean) => void;
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
  const games = chosenGames(matched, choices);
  const following = games.filter(({ mark }) => mark.follow).length;
  const shelving = games.flatMap((game) => {
    const standing = standings.get(game.gameId) ?? null;
    const planned = shelvingOf(standing, game.mark, overwrite);
    const different = planned.differentShelf !== undefined || planned.differentScore !== undefined;
    return shelvingWrites(planned) || different ? [{ ...game, planned, standing, different }] : [];
  });
  const writing = shelving.filter(({ planned }) => shelvingWrites(planned)).length;
  const differing = shelving.filter(({ different }) => different);
  const unread = matched.filter(
    ({ mark, match }) =>
      match.status !== 'unmatched' && (mark.unmappedStatus !== undefined || mark.unreadRating !== undefined),
  );
  const confirmText = [
    following > 0 ? `follow ${plural(following, 'game', 'games')}` : '',
    writing > 0 ? `shelve or rate ${plural(writing, 'game', 'games')}` : '',
  ]
    .filter(Boolean)
    .join(', ');
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
      {shelving.length > 0 ? (
        <section aria-labelledby="library-shelving-heading" className="library-shelving">
          <h3 id="library-shelving-heading">Shelves and ratings ({writing})</h3>
          <ul>
            {shelving.map(({ gameId, name, mark, planned, standing }) => (
              <li key={gameId}>
                <strong>{name}</strong>: {shelvingLine(mark, planned, standing)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {differing.length > 0 ? (
        <fieldset className="library-choice">
          <legend>
            {plural(differing.length, 'game is', 'games are')} already on another shelf or rated otherwise by
            you
          </legend>
          <label>
            <input
              type="radio"
              name="library-overwrite"
              checked={!overwrite}
              onChange={() => {
                onOverwrite(false);
              }}
            />{' '}
            Keep my shelves and ratings
          </label>
          <label>
            <input
              type="radio"
              name="library-overwrite"
              checked={overwrite}
              onChange={() => {
                onOverwrite(true);
              }}
            />{' '}
            Use the file’s
          </label>
        </fieldset>
      ) : null}
      {unmatched.length > 0 ? (
        <details>
          <summary>Not found ({unmatched.length})</summary>
          <p>No game of the catalogue is one of these: they are left out.</p>
          <ul className="library-unmatched">
            {unmatched.map(({ entry }, index) => (
              <li key={`${String(index)}-${entryName(entry)}`}>{entryName(entry)}</li>
            ))}
          </ul>
        </details>
      ) : null}
      {unread.length > 0 ? (
        <details open>
          <summary>Not mapped ({unread.length})</summary>
          <p>What the file says of these games is not a shelf or rating we know: it is left out.</p>
          <ul className="library-unmapped">
            {unread.map(({ entry, mark }, index) => (
              <li key={`${String(index)}-${entryName(entry)}`}>
                {entryName(entry)}:{' '}
                {[
                  mark.unmappedStatus === undefined ? '' : `status “${mark.unmappedStatus}”`,
                  mark.unreadRating === undefined ? '' : `rating “${mark.unreadRating}”`,
                ]
                  .filter(Boolean)
                  .join(', ')}
              </li>
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
          {confirmText === '' ? 'Finish' : confirmText.charAt(0).toUpperCase() + confirmText.slice(1)}
        </button>
        <button type="button" className="pill-button secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
