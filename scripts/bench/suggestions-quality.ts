// How good the suggestion engine's suggestions are, measured on real taste and on generated taste:
// - the 83 real "best games" lists of `seed/catalogue/curated_lists.jsonl.gz` (Open Video Game Data, MIT), each
//   taken as a member who follows its games: one game of each list is hidden, the matrix is built from
//   all lists without their hidden game, and a hit is the hidden game among that member's 10 suggestions
//   (hit rate at 10), against suggesting the 10 most followed games in the same run;
// - a generated population with known taste groups, where each group's games must suggest each other;
// - whether shelves and ratings help (signalsHitRate): the same lists, half of each list's games followed
//   and half shelved and rated high, with a few games of another list rated low, ranked by the engine
//   counting follows only and counting shelves and ratings, in the same run.
// The same code as production builds the matrix (CoFollowCounts, the stored limits) and ranks (rankSuggestions).

import { DEFAULT_SUGGEST_COUNT } from '../../shared/constants.ts';
import {
  rankSuggestions,
  SUGGESTION_ROW_READ,
  suggestionSources,
} from '../../shared/catalogue/member-suggestions.ts';
import {
  chooseSeedGames,
  CoFollowCounts,
  gamelistTaste,
  matrixFromCounts,
  STORED_MATRIX_LIMITS,
  type GamelistSignal,
  type MemberTaste,
  type SuggestionMatrix,
} from '../../shared/catalogue/suggestion-matrix.ts';
import { readEmbeddedCatalogue } from '../../seed/embedded-catalogue.ts';
import { readCuratedLists } from '../import-lists.ts';

/** What a stored row answers to "suggest games by game id": the `count` best ratios, as the database's query does. */
function readRow(matrix: SuggestionMatrix, gameId: string, count: number): [string, number][] {
  return Object.entries(matrix[gameId] ?? {})
    .sort(([a, x], [b, y]) => x - y || (a < b ? -1 : a > b ? 1 : 0))
    .slice(-count)
    .sort(([, x], [, y]) => y - x);
}

/** A member's suggestions from a built matrix, exactly as browse ranks them (followed: newest first). */
export function suggestionsFor(
  matrix: SuggestionMatrix,
  seeds: readonly string[],
  followed: readonly string[],
  count: number = DEFAULT_SUGGEST_COUNT,
): string[] {
  const rows = suggestionSources(followed, seeds).map(
    (id) => [id, readRow(matrix, id, Math.max(count, SUGGESTION_ROW_READ))] as const,
  );
  return rankSuggestions({ followed, excluded: new Set(followed), seeds, rows, count }).map((s) => s.gameId);
}

/** A stable pseudo-random number from a string (FNV-1a), so the hidden games are the same every run. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

export interface HitRate {
  members: number;
  /** Share of members whose hidden game is among their 10 suggestions. */
  engine: number;
  /** The same with the 10 most followed games they do not follow. */
  popularity: number;
  engineHits: number;
  popularityHits: number;
}

/**
 * Leave-one-out hit rate at `count`: each member hides one of their games (chosen by a stable hash), the
 * matrix is built from everyone's remaining games, and each member's suggestions are checked for theirs.
 */
export function leaveOneOutHitRate(
  members: readonly { id: string; games: readonly string[] }[],
  count: number = DEFAULT_SUGGEST_COUNT,
  /** Another salt hides other games (the bench averages several draws). */
  salt = '',
): HitRate {
  const held = members
    .filter(({ games }) => games.length >= 2)
    .map(({ id, games }) => {
      const hidden = games[stableHash(`${salt}${id}`) % games.length] as string;
      return { games: games.filter((game) => game !== hidden), hidden };
    });
  const counts = new CoFollowCounts();
  for (const { games } of held) counts.addMember({ follows: games });
  const matrix = matrixFromCounts(counts, STORED_MATRIX_LIMITS);
  const seeds = chooseSeedGames(counts.followers, Object.keys(matrix));
  const popular = [...counts.followers].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1)).map(([id]) => id);
  let engineHits = 0;
  let popularityHits = 0;
  for (const { games, hidden } of held) {
    if (suggestionsFor(matrix, seeds, games, count).includes(hidden)) engineHits += 1;
    const followed = new Set(games);
    if (
      popular
        .filter((id) => !followed.has(id))
        .slice(0, count)
        .includes(hidden)
    )
      popularityHits += 1;
  }
  return {
    members: held.length,
    engine: engineHits / held.length,
    popularity: popularityHits / held.length,
    engineHits,
    popularityHits,
  };
}

/** The mean hit rates over `draws` leave-one-out runs, each hiding other games. */
export function averageHitRate(
  members: readonly { id: string; games: readonly string[] }[],
  draws: number,
): { draws: number; engine: number; popularity: number } {
  let engine = 0;
  let popularity = 0;
  for (let draw = 0; draw < draws; draw++) {
    const rate = leaveOneOutHitRate(
      members,
      DEFAULT_SUGGEST_COUNT,
      draw === 0 ? '' : `draw-${String(draw)}:`,
    );
    engine += rate.engine;
    popularity += rate.popularity;
  }
  return { draws, engine: engine / draws, popularity: popularity / draws };
}

/** How many games a first visit's member picks, in firstVisitHitRate (the step asks for "a few"). */
export const FIRST_VISIT_PICKS = 3;

/**
 * What the first visit's picks are worth: each member with more than FIRST_VISIT_PICKS games arrives new
 * (the matrix is built from everyone else), shelves FIRST_VISIT_PICKS of their games (chosen by a stable
 * hash), and their 10 first suggestions are checked for the rest of their games. `shelves` ranks from the
 * picks, as browse does now; `popular` is what a member who follows nothing was shown before shelves
 * counted (the seed games, then what they suggest). Answers the share of members with at least one hit and
 * the hits per member.
 */
export function firstVisitHitRate(
  members: readonly { id: string; games: readonly string[] }[],
  count: number = DEFAULT_SUGGEST_COUNT,
): { members: number; shelves: { anyHit: number; hits: number }; popular: { anyHit: number; hits: number } } {
  const newcomers = members.filter(({ games }) => games.length > FIRST_VISIT_PICKS);
  const score = { shelves: { anyHit: 0, hits: 0 }, popular: { anyHit: 0, hits: 0 } };
  for (const newcomer of newcomers) {
    const counts = new CoFollowCounts();
    for (const other of members) if (other.id !== newcomer.id) counts.addMember({ follows: other.games });
    const matrix = matrixFromCounts(counts, STORED_MATRIX_LIMITS);
    const seeds = chooseSeedGames(counts.followers, Object.keys(matrix));
    const ordered = [...newcomer.games].sort(
      (a, b) => stableHash(`${newcomer.id}:${a}`) - stableHash(`${newcomer.id}:${b}`),
    );
    const picks = ordered.slice(0, FIRST_VISIT_PICKS);
    const rest = new Set(ordered.slice(FIRST_VISIT_PICKS));
    const rowsOf = (sources: readonly string[]) =>
      sources.map((id) => [id, readRow(matrix, id, Math.max(count, SUGGESTION_ROW_READ))] as const);
    const shelved = rankSuggestions({
      followed: picks,
      shelvedOnly: new Map(picks.map((id) => [id, 'played'] as const)),
      excluded: new Set(picks),
      seeds,
      rows: rowsOf(suggestionSources(picks, seeds)),
      count,
    });
    const popular = rankSuggestions({
      followed: [],
      excluded: new Set(picks),
      seeds,
      rows: rowsOf(suggestionSources([], seeds)),
      count,
    });
    for (const [kind, ranked] of [
      ['shelves', shelved],
      ['popular', popular],
    ] as const) {
      const hits = ranked.filter(({ gameId }) => rest.has(gameId)).length;
      score[kind].hits += hits;
      if (hits > 0) score[kind].anyHit += 1;
    }
  }
  const share = ({ anyHit, hits }: { anyHit: number; hits: number }) => ({
    anyHit: anyHit / newcomers.length,
    hits: hits / newcomers.length,
  });
  return { members: newcomers.length, shelves: share(score.shelves), popular: share(score.popular) };
}

/** The score a bench member gives the games their list holds beyond their follows, and the ones they dislike. */
const HIGH_SCORE = 8;
const LOW_SCORE = 2;
/** How many games of another list each member rates low in signalsHitRate's dislike run. */
export const DISLIKED_PER_MEMBER = 2;

/** One engine of signalsHitRate: which of a member's signals it counts. */
type SignalEngine = 'followsOnly' | 'shelvesAsSources' | 'withShelves' | 'lowAsPlayed' | 'lowAsNo';

/**
 * Whether shelves and ratings help, on the same hidden games in the same run: each member (a list with at
 * least 4 games) hides one (a stable hash); of the rest, the first half in list order are follows and the
 * second half games they shelved as played and rated HIGH_SCORE. They also rated DISLIKED_PER_MEMBER games
 * of another list LOW_SCORE (on the played shelf). Five engines rank each member's 10 suggestions, none
 * suggesting a game the member follows, shelved or rated:
 * - `followsOnly`: follows alone, in the matrix and as the member's sources;
 * - `shelvesAsSources`: the engine before ratings and shelves were signals: the matrix from follows alone,
 *   the member's shelved games among their sources (as the first visit made them);
 * - `withShelves`: shelves and high ratings count as follows, in the matrix and as the member's sources;
 * - `lowAsPlayed`: the same, with the low-rated games counted as played (a shelf without its score);
 * - `lowAsNo`: the same, with the low-rated games counted as a no (gamelistTaste: what production does).
 * The first three leave out the low-rated games. Answers each engine's hits and hit rate.
 */
export function signalsHitRate(
  members: readonly { id: string; games: readonly string[] }[],
  count: number = DEFAULT_SUGGEST_COUNT,
  salt = '',
): { members: number } & Record<SignalEngine, { hits: number; rate: number }> {
  const eligible = members.filter(({ games }) => games.length >= 4);
  const held = eligible.map(({ id, games }, index) => {
    const hidden = games[stableHash(`${salt}${id}`) % games.length] as string;
    const rest = games.filter((game) => game !== hidden);
    const half = Math.ceil(rest.length / 2);
    // Games of the next list that this member's list does not hold, chosen by a stable hash.
    const other = (eligible[(index + 1) % eligible.length]?.games ?? []).filter((g) => !games.includes(g));
    const disliked = [...other]
      .sort((a, b) => stableHash(`${salt}${id}:${a}`) - stableHash(`${salt}${id}:${b}`))
      .slice(0, DISLIKED_PER_MEMBER);
    return { hidden, follows: rest.slice(0, half), shelved: rest.slice(half), disliked };
  });
  const engines: SignalEngine[] = [
    'followsOnly',
    'shelvesAsSources',
    'withShelves',
    'lowAsPlayed',
    'lowAsNo',
  ];
  const tasteOf = (engine: SignalEngine, member: (typeof held)[number]): MemberTaste => {
    const { follows, shelved, disliked } = member;
    if (engine === 'followsOnly' || engine === 'shelvesAsSources') return { follows };
    // What production reads from the member's gamelist (shared/catalogue/suggestion-matrix.ts).
    const gamelist = new Map<string, GamelistSignal>(
      shelved.map((id) => [id, { status: 'played', score: HIGH_SCORE }]),
    );
    if (engine === 'lowAsPlayed') for (const id of disliked) gamelist.set(id, { status: 'played' });
    if (engine === 'lowAsNo')
      for (const id of disliked) gamelist.set(id, { status: 'played', score: LOW_SCORE });
    return { follows, ...gamelistTaste(gamelist) };
  };
  const result = { members: held.length } as { members: number } & Record<
    SignalEngine,
    { hits: number; rate: number }
  >;
  for (const engine of engines) {
    const tastes = held.map((member) => tasteOf(engine, member));
    const counts = new CoFollowCounts();
    for (const taste of tastes) counts.addMember(taste);
    const matrix = matrixFromCounts(counts, STORED_MATRIX_LIMITS);
    const seeds = chooseSeedGames(counts.followers, Object.keys(matrix));
    let hits = 0;
    held.forEach((member, index) => {
      const taste = tastes[index] as MemberTaste;
      // The member's sources as browse orders them: follows, then the games they liked.
      const sources =
        engine === 'shelvesAsSources'
          ? [...member.follows, ...member.shelved]
          : [...new Set([...taste.follows, ...(taste.liked ?? [])])];
      const excluded = new Set([...member.follows, ...member.shelved, ...member.disliked]);
      const rows = suggestionSources(sources, seeds).map(
        (id) => [id, readRow(matrix, id, Math.max(count, SUGGESTION_ROW_READ))] as const,
      );
      const ranked = rankSuggestions({ followed: sources, excluded, seeds, rows, count });
      if (ranked.some(({ gameId }) => gameId === member.hidden)) hits += 1;
    });
    result[engine] = { hits, rate: hits / held.length };
  }
  return result;
}

/** signalsHitRate averaged over `draws` draws of hidden games. */
export function averageSignalsHitRate(
  members: readonly { id: string; games: readonly string[] }[],
  draws: number,
): { draws: number } & Record<SignalEngine, number> {
  const sum: Record<SignalEngine, number> = {
    followsOnly: 0,
    shelvesAsSources: 0,
    withShelves: 0,
    lowAsPlayed: 0,
    lowAsNo: 0,
  };
  for (let draw = 0; draw < draws; draw++) {
    const rate = signalsHitRate(members, DEFAULT_SUGGEST_COUNT, draw === 0 ? '' : `draw-${String(draw)}:`);
    for (const engine of Object.keys(sum) as SignalEngine[]) sum[engine] += rate[engine].rate;
  }
  return {
    draws,
    followsOnly: sum.followsOnly / draws,
    shelvesAsSources: sum.shelvesAsSources / draws,
    withShelves: sum.withShelves / draws,
    lowAsPlayed: sum.lowAsPlayed / draws,
    lowAsNo: sum.lowAsNo / draws,
  };
}

/** A list entry's game: its Steam app id when linked, else its title and year (most entries are not linked). */
const entryGame = (entry: {
  title: string;
  year?: number | null | undefined;
  game_id?: number | null | undefined;
}) =>
  entry.game_id
    ? `app-${String(entry.game_id)}`
    : `${entry.title.trim().toLowerCase()} (${String(entry.year ?? '')})`;

/** The real curated lists (the text of curated_lists.jsonl) as members (list order: the list's first games are its "newest follows"). */
export function curatedListMembers(
  text: string = readEmbeddedCatalogue().lists,
): { id: string; games: string[] }[] {
  const { lists } = readCuratedLists(text);
  return lists.map(({ list }) => ({
    id: list.id,
    games: [...new Set([...list.entries].sort((a, b) => a.position - b.position).map(entryGame))],
  }));
}

/** A generated population in `groups` taste groups: members of group g follow mostly games `g-*`, a few others. */
export function tasteGroupPopulation(options: {
  members: number;
  groups: number;
  gamesPerGroup: number;
  followsPerMember: number;
  /** Share of a member's follows outside their group (noise). */
  stray: number;
  /** Share of a member's answers that are a "no" to another group's game. */
  noAnswers?: number;
  seed?: number;
}): { tastes: (MemberTaste & { uid: string; group: number })[]; gameGroup: (gameId: string) => number } {
  let state = options.seed ?? 12345;
  const random = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0), state / 2 ** 32);
  const game = (group: number, n: number) => `g${String(group)}-${String(n)}`;
  const tastes: (MemberTaste & { uid: string; group: number })[] = [];
  for (let m = 0; m < options.members; m++) {
    const group = m % options.groups;
    const follows = new Set<string>();
    const no: string[] = [];
    while (follows.size < options.followsPerMember) {
      const stray = random() < options.stray;
      const g = stray ? Math.floor(random() * options.groups) : group;
      follows.add(game(g, Math.floor(random() * options.gamesPerGroup)));
    }
    if (options.noAnswers && random() < options.noAnswers)
      no.push(game((group + 1) % options.groups, Math.floor(random() * options.gamesPerGroup)));
    tastes.push({ uid: `member-${String(m).padStart(7, '0')}`, group, follows: [...follows], no });
  }
  return { tastes, gameGroup: (gameId) => Number(/^g(\d+)-/.exec(gameId)?.[1] ?? -1) };
}

/** Share of suggested pairs (row game → suggested game) that stay within the row game's taste group. */
export function groupRecovery(matrix: SuggestionMatrix, gameGroup: (gameId: string) => number): number {
  let same = 0;
  let all = 0;
  for (const [a, row] of Object.entries(matrix))
    for (const b of Object.keys(row)) {
      all += 1;
      if (gameGroup(a) === gameGroup(b)) same += 1;
    }
  return all === 0 ? 0 : same / all;
}

if (import.meta.main) {
  const members = curatedListMembers();
  console.log(leaveOneOutHitRate(members));
  console.log(averageHitRate(members, 10));
  console.log(firstVisitHitRate(members));
  console.log(signalsHitRate(members));
  console.log(averageSignalsHitRate(members, 10));
}
