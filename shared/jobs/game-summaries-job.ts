import { z } from 'zod';
import { planSummaryPlaceEntries, summariesPathAt } from '../catalogue/game-summary-places.ts';
import { readGameSummaries } from '../catalogue/game-summary-reads.ts';
import { homeHighlightsSchema, hottestGames, planHomeTrending } from '../catalogue/home-highlights.ts';
import { TRENDING_GAMES_SHOWN } from '../constants.ts';
import { listGameIds } from '../lists/list-game-summaries.ts';
import { ROOTS } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { eventSchema } from '../schemas/event.ts';
import type { GameSummaryRecord } from '../schemas/game-summary.ts';
import { listSchema } from '../schemas/list.ts';
import type { Job, JobContext } from './job.ts';
import { childPages, JOB_PARALLEL_REQUESTS } from './paged-reads.ts';
import { writeKeptSuggestions } from './suggestion-engine-job.ts';

// `npm run job -- game-summaries`: fills the summaries of the games that lists, events, suggestion rows and
// home (its highlights and hottest games) show into data written before they kept them (shared/schemas/game-summary.ts), with the index of where
// each is kept (shared/catalogue/game-summary-places.ts). Every list and event is rewritten from what it
// names now and every game's kept suggestions from its `se_matrix` row, each record in one PATCH of its
// summaries and its index entries; a summary a record kept of a game it no longer names goes, with its
// entry. Running it again writes the same values (idempotent). Records are read a page at a time and the
// games JOB_PARALLEL_REQUESTS at a time, each game once per run, so memory grows with the games shown,
// not with the records.

/** Records read per page: lists carry up to a few hundred games' summaries each. */
const RECORDS_PER_PAGE = 50;

/** A record of its kind as the job reads it: the games it names, and those it keeps summaries of. */
interface ShowingRecord {
  place: Parameters<typeof summariesPathAt>[0];
  names: string[];
  kept: string[];
}

/** What one run did, for its summary line and for tests. */
export interface GameSummariesRun {
  lists: number;
  events: number;
  gamesWithSuggestions: number;
  /** Summaries written into lists, events and home's highlights. */
  summaries: number;
  /** The hottest games home keeps. */
  trending: number;
}

/** Summaries of games, each read once per run (JOB_PARALLEL_REQUESTS at a time); absent: no valid game. */
class SummaryCache {
  private readonly found = new Map<string, GameSummaryRecord>();
  readonly missing = new Set<string>();
  private readonly db: RtdbClient;
  constructor(db: RtdbClient) {
    this.db = db;
  }

  get map(): Map<string, GameSummaryRecord> {
    return this.found;
  }

  async of(ids: Iterable<string>): Promise<Map<string, GameSummaryRecord>> {
    const unknown = [...new Set(ids)].filter((id) => !this.found.has(id) && !this.missing.has(id));
    for (let start = 0; start < unknown.length; start += JOB_PARALLEL_REQUESTS) {
      const read = await readGameSummaries(this.db, unknown.slice(start, start + JOB_PARALLEL_REQUESTS));
      for (const [id, summary] of read.summaries) this.found.set(id, summary);
      for (const id of read.missing) this.missing.add(id);
      // A game that exists but gives no summary (its record fails the schema) is not read again either.
      for (const id of unknown.slice(start, start + JOB_PARALLEL_REQUESTS))
        if (!this.found.has(id)) this.missing.add(id);
    }
    return this.found;
  }
}

/** Rewrites one record's summaries and its index entries, in one PATCH; answers how many it keeps. */
async function keepSummaries(db: RtdbClient, record: ShowingRecord, cache: SummaryCache): Promise<number> {
  const summaries = await cache.of(record.names);
  const kept = Object.fromEntries(
    record.names.flatMap((id) => {
      const summary = summaries.get(id);
      return summary ? [[id, summary] as const] : [];
    }),
  );
  await db.patch('', {
    [summariesPathAt(record.place)]: Object.keys(kept).length > 0 ? kept : null,
    ...planSummaryPlaceEntries(record.place, record.kept, record.names),
  });
  return Object.keys(kept).length;
}

/** Every record of `root` that validates, as the games it shows (invalid ones are logged and left). */
async function* showingRecords(
  db: RtdbClient,
  root: string,
  toRecord: (id: string, value: unknown) => ShowingRecord | null,
  log: (line: string) => void,
): AsyncGenerator<ShowingRecord> {
  for await (const page of childPages(db, root, RECORDS_PER_PAGE))
    for (const [id, value] of page) {
      const record = toRecord(id, value);
      if (record) yield record;
      else log(`game-summaries: ${root}/${id} is not a valid record, left as it is`);
    }
}

/** One run of the job (see the file's comment). */
export async function runGameSummaries({
  db,
  log,
}: Pick<JobContext, 'db' | 'log'>): Promise<GameSummariesRun> {
  const cache = new SummaryCache(db);
  const run: GameSummariesRun = {
    lists: 0,
    events: 0,
    gamesWithSuggestions: 0,
    summaries: 0,
    trending: 0,
  };

  const lists = showingRecords(
    db,
    ROOTS.lists,
    (code, value) => {
      const list = listSchema.safeParse(value);
      return list.success
        ? {
            place: { kind: 'list', code },
            names: [...listGameIds(list.data)],
            kept: Object.keys(list.data.game_summaries ?? {}),
          }
        : null;
    },
    log,
  );
  for await (const record of lists) {
    run.summaries += await keepSummaries(db, record, cache);
    run.lists += 1;
  }
  log(`game-summaries: ${String(run.lists)} lists`);

  const events = showingRecords(
    db,
    ROOTS.events,
    (eventId, value) => {
      const event = eventSchema.safeParse(value);
      return event.success
        ? {
            place: { kind: 'event', eventId },
            names: Object.keys(event.data.games),
            kept: Object.keys(event.data.game_summaries ?? {}),
          }
        : null;
    },
    log,
  );
  for await (const record of events) {
    run.summaries += await keepSummaries(db, record, cache);
    run.events += 1;
  }
  log(`game-summaries: ${String(run.events)} events`);

  const rowSchema = z.record(z.string(), z.number());
  for await (const page of childPages(db, ROOTS.seMatrix)) {
    const rows = page.flatMap(([gameId, value]) => {
      const row = rowSchema.safeParse(value);
      return row.success ? [[gameId, row.data] as const] : [];
    });
    await writeKeptSuggestions(db, rows, cache.map, cache.missing);
    run.gamesWithSuggestions += rows.length;
  }
  log(`game-summaries: ${String(run.gamesWithSuggestions)} games' suggestions`);

  // Home: its highlighted games, and the hottest games of the trending index with theirs.
  const home = await db.read(ROOTS.highlightsHome, homeHighlightsSchema);
  if (home) {
    run.summaries += await keepSummaries(
      db,
      {
        place: { kind: 'home', part: 'highlights' },
        names: Object.keys(home.games),
        kept: Object.keys(home.game_summaries ?? {}),
      },
      cache,
    );
  }
  const index = await db.query(
    ROOTS.trendingIndex,
    { orderBy: '$value', limitToLast: TRENDING_GAMES_SHOWN },
    z.record(z.string(), z.number()),
  );
  const hottest = hottestGames(index ?? {}).map(([id]) => id);
  await db.patch(
    '',
    planHomeTrending(index ?? {}, await cache.of(hottest), Object.keys(home?.trending ?? {})),
  );
  run.trending = hottest.length;
  log(`game-summaries: home's highlights and ${String(run.trending)} hottest games`);
  return run;
}

/** `npm run job -- game-summaries`. */
export const gameSummariesJob: Job = {
  description:
    'fills the summaries of the games lists, events and suggestions show into records written before they kept them',
  async run(context) {
    const run = await runGameSummaries(context);
    return `${run.summaries.toLocaleString('en')} game summaries kept in ${String(run.lists)} lists, ${String(run.events)} events and home's highlights; suggestions of ${run.gamesWithSuggestions.toLocaleString('en')} games; ${String(run.trending)} hottest games`;
  },
};
