import MiniSearch, { type SearchOptions } from 'minisearch';
import type { SearchResult } from '../schemas/search.ts';
import { nameWords, phraseKey, queryWords } from './search-text.ts';

// The search index of games and members, held in memory by the `http-doSearch` function
// (functions/src/search/). Plain JavaScript on Web APIs, so the benchmark and the tests build the same
// index without the function around it. Matching and scoring are MiniSearch's
// (https://lucaong.github.io/minisearch/): a radix tree of words with prefix and fuzzy (Levenshtein)
// lookup and BM25+ scores. Chosen over Orama because it does exactly this — names matched by prefix,
// by any word and despite a typo — in a small dependency-free package (MIT, maintained since 2018, 7.x)
// that adds and removes single documents cheaply, which keeping up with new members needs.
// What is ours: how names are folded into words (search-text.ts), and the order in which MiniSearch's
// matches are shown: how closely the whole name matches first, then MiniSearch's score weighted by
// popularity.

/** A game or member as the index knows it: what a result row shows, and its popularity. */
export interface SearchDocument {
  kind: SearchResult['_type'];
  /** The game's deep link or the member's uid. */
  id: string;
  name: string;
  link: string;
  image?: string | undefined;
  /** Games: their Steam review count (`weighted_index`) plus followers; members: 0 (not kept publicly). */
  popularity: number;
}

/** How closely a name matches the whole query; lower comes first. */
export const MATCH_TIER = {
  /** The name is the query, whatever the case, accents and signs ("portal 2" for Portal 2). */
  exact: 0,
  /**
   * Every word of the query starts a word of the name: the name's start as it is typed ("dark sou"
   * for DARK SOULS™ III) or a word inside it ("witcher" for The Witcher® 3: Wild Hunt).
   */
  everyWord: 1,
  /** Every word matches, one at least despite a typo ("wticher"). */
  typo: 2,
  /** Only some of the words match. */
  someWords: 3,
} as const;
type MatchTier = (typeof MATCH_TIER)[keyof typeof MATCH_TIER];

/**
 * How much popularity weighs against MiniSearch's score among typo and partial matches: a factor of
 * 1 + log10(1 + popularity), so a game with 100,000 reviews scores 6× one with none and 1.7× one with
 * 1,000: among names that match alike the one most people play comes first, while a much closer match
 * still wins. Among exact and every-word matches, where every word typed is in the name, popularity
 * decides outright (then the score): "civ" means Sid Meier's Civilization® V before CivCity: Rome.
 */
const POPULARITY_WEIGHT = 1;

/** Typos forgiven per word: none in words of 1–3 letters (too many would match), 1 from 4, 2 from 8. */
function typosAllowed(word: string): number | false {
  if (word.length >= 8) return 2;
  if (word.length >= 4) return 1;
  return false;
}

/**
 * Words matched as the start of longer ones: the last word (it is being typed) and any of 4 letters or
 * more ("witch 3" finds The Witcher 3). A short word before the last ("the", "v" in "the elder scrolls v
 * skyrim") is taken as written: as a prefix it would match thousands of words and slow every search
 * down for nothing.
 */
function matchedAsPrefix(word: string, position: number, words: string[]): boolean {
  return position === words.length - 1 || word.length >= 4;
}

interface IndexedEntry {
  document: SearchDocument;
  /** The name's words folded and joined by spaces, for the whole-name tiers. */
  phrase: string;
  /** The same without spaces: "counterstrike" is Counter-Strike's exact name too. */
  compact: string;
  /** The factor popularity weighs MiniSearch's score by. */
  boost: number;
}

/**
 * The passes of a search, best matches first: every word as typed (or as the start of a longer word),
 * then every word despite a typo, then any of the words.
 */
const PASSES: { tier: MatchTier; options: SearchOptions }[] = [
  { tier: MATCH_TIER.everyWord, options: { combineWith: 'AND' } },
  { tier: MATCH_TIER.typo, options: { combineWith: 'AND', fuzzy: typosAllowed } },
  { tier: MATCH_TIER.someWords, options: { combineWith: 'OR', fuzzy: typosAllowed } },
];

interface RankedMatch {
  entry: IndexedEntry;
  tier: MatchTier;
  /** MiniSearch's score weighted by popularity. */
  score: number;
}

/**
 * Closer matches of the whole query first; among exact and every-word matches the most popular, among
 * the others the best score.
 */
function byRank(a: RankedMatch, b: RankedMatch): number {
  if (a.tier !== b.tier) return a.tier - b.tier;
  if (a.tier <= MATCH_TIER.everyWord) {
    const popularity = b.entry.document.popularity - a.entry.document.popularity;
    if (popularity !== 0) return popularity;
  }
  return b.score - a.score;
}

export interface SearchIndexStats {
  games: number;
  users: number;
  /** When the index last changed, by the index's clock. */
  updatedAt: number;
}

export interface SearchIndex {
  /** Makes the documents of one kind exactly these: new ones added, changed ones updated, the rest removed. */
  replaceAll(kind: SearchDocument['kind'], documents: Iterable<SearchDocument>): void;
  /** Adds or updates one document (a renamed one is re-indexed; a popularity change only re-weighs it). */
  upsert(document: SearchDocument): void;
  remove(kind: SearchDocument['kind'], id: string): void;
  /** The best matches of `text`, at most `limit`, as result rows. */
  search(text: string, limit: number): SearchResult[];
  stats(): SearchIndexStats;
}

const keyOf = (kind: SearchDocument['kind'], id: string) => `${kind}:${id}`;

/** An empty index; `clock` dates its changes (tests pass a fixed one). */
export function createSearchIndex(options: { clock: () => number }): SearchIndex {
  const entries = new Map<string, IndexedEntry>();
  const counts = { game: 0, user: 0 };
  let updatedAt = options.clock();
  const miniSearch = new MiniSearch<{ key: string; name: string }>({
    idField: 'key',
    fields: ['name'],
    tokenize: nameWords,
    // Words are folded by the tokenizers already.
    processTerm: (term) => term,
    searchOptions: { tokenize: queryWords, processTerm: (term) => term, prefix: matchedAsPrefix },
  });

  function entryOf(document: SearchDocument): IndexedEntry {
    const phrase = phraseKey(document.name);
    return {
      document,
      phrase,
      compact: phrase.replaceAll(' ', ''),
      boost: 1 + Math.log10(1 + Math.max(0, document.popularity)) * POPULARITY_WEIGHT,
    };
  }

  function upsert(document: SearchDocument): void {
    const key = keyOf(document.kind, document.id);
    const previous = entries.get(key);
    const entry = entryOf(document);
    entries.set(key, entry);
    if (!previous) {
      counts[document.kind] += 1;
      miniSearch.add({ key, name: document.name });
    } else if (previous.document.name !== document.name) {
      miniSearch.discard(key);
      miniSearch.add({ key, name: document.name });
    }
    updatedAt = options.clock();
  }

  function remove(kind: SearchDocument['kind'], id: string): void {
    const key = keyOf(kind, id);
    if (!entries.delete(key)) return;
    counts[kind] -= 1;
    miniSearch.discard(key);
    updatedAt = options.clock();
  }

  /**
   * A single letter or digit, the first key typed: the names with a word that starts with it. That is
   * what MiniSearch's prefix search answers too, but by expanding the letter into every word of the
   * index that starts with it (a tenth of them) and scoring each; among every-word matches popularity
   * decides anyway, so a pass over the names gives the same answer for a fraction of the work.
   */
  function firstLetterMatches(letter: string): RankedMatch[] {
    const found: RankedMatch[] = [];
    for (const entry of entries.values())
      if (entry.phrase.startsWith(letter) || entry.phrase.includes(` ${letter}`))
        found.push({
          entry,
          tier: entry.phrase === letter ? MATCH_TIER.exact : MATCH_TIER.everyWord,
          score: 0,
        });
    return found;
  }

  return {
    replaceAll(kind, documents) {
      const kept = new Set<string>();
      for (const document of documents) {
        if (document.kind !== kind) continue;
        kept.add(document.id);
        const previous = entries.get(keyOf(kind, document.id));
        if (!previous || !sameDocument(previous.document, document)) upsert(document);
      }
      for (const entry of [...entries.values()])
        if (entry.document.kind === kind && !kept.has(entry.document.id)) remove(kind, entry.document.id);
    },
    upsert,
    remove,
    search(text, limit) {
      const words = queryWords(text);
      if (words.length === 0 || limit < 1) return [];
      if (words.length === 1 && words[0]?.length === 1) return rows(firstLetterMatches(words[0]), limit);
      const phrase = words.join(' ');
      const compact = phrase.replaceAll(' ', '');
      const ranked: RankedMatch[] = [];
      const seen = new Set<string>();
      // Each pass finds only worse matches than the one before, so a pass runs only while the better
      // ones are too few to fill the page: most searches never pay for typo lookups. Names with only
      // some of the words are looked for only when no name has them all: beside one that does they are
      // noise ("dota 2" for "bordrlands 2"), and with a common word among them, thousands.
      for (const pass of PASSES) {
        if (ranked.length >= limit) break;
        if (pass.tier === MATCH_TIER.someWords && (ranked.length > 0 || words.length === 1)) break;
        for (const match of miniSearch.search(text, pass.options)) {
          const key = String(match.id);
          const entry = entries.get(key);
          if (!entry || seen.has(key)) continue;
          seen.add(key);
          const tier =
            pass.tier === MATCH_TIER.everyWord && (entry.phrase === phrase || entry.compact === compact)
              ? MATCH_TIER.exact
              : pass.tier;
          ranked.push({ entry, tier, score: match.score * entry.boost });
        }
      }
      return rows(ranked, limit);
    },
    stats() {
      return { games: counts.game, users: counts.user, updatedAt };
    },
  };
}

/** The best `limit` matches as result rows. */
function rows(ranked: RankedMatch[], limit: number): SearchResult[] {
  return ranked
    .sort(byRank)
    .slice(0, limit)
    .map(({ entry }) => resultRow(entry.document));
}

function sameDocument(a: SearchDocument, b: SearchDocument): boolean {
  return a.name === b.name && a.link === b.link && a.image === b.image && a.popularity === b.popularity;
}

function resultRow(document: SearchDocument): SearchResult {
  const row: SearchResult = {
    _type: document.kind,
    _id: document.id,
    name: document.name,
    link: document.link,
  };
  if (document.image) row.image = document.image;
  return row;
}
