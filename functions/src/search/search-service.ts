import { ROOTS } from '../../../shared/rtdb/paths.ts';
import type { SearchAnswer, SearchRequest } from '../../../shared/schemas/search.ts';
import { mirrorNode, type NodeMirror, type NodeMirrorSource } from './node-mirror.ts';
import {
  createSearchIndex,
  type SearchDocument,
  type SearchIndex,
} from '../../../shared/search/search-index.ts';
import {
  gameDocument,
  memberDocument,
  searchedGameFields,
  searchedMemberFields,
} from '../../../shared/search/search-records.ts';

// Search as the callable runs it: one index per function instance, in its memory, built on the first
// search from the database's `games` and `users_public` (read whole, with the server credential), and
// kept current by the nodes' streams (node-mirror.ts), so a new member is found as soon as their
// sign-up is written and a game's follower count re-weighs it. Later searches only read memory.

/** A stream silent for this long is reopened: twice Firebase's keep-alive interval and some. */
const STREAM_SILENCE_MS = 75_000;

/**
 * How long a stream may take to open and send the whole node (its first `put`). Both nodes stream in
 * well under a few seconds at 20,000 games; the limit is well inside the Worker's wait for the callable
 * (70 s), so a database that never answers fails the search with "not available" rather than holding it.
 */
export const STREAM_OPEN_TIMEOUT_MS = 30_000;

export interface SearchService {
  /** The callable's answer to a checked request: at most `limit` results, best first. */
  search(request: SearchRequest): Promise<SearchAnswer>;
  /** What the index holds (for logs and the benchmark). */
  stats(): ReturnType<SearchIndex['stats']>;
  close(): void;
}

/** Keeps one kind of document of the index in step with the node it comes from. */
function feedIndex(
  index: SearchIndex,
  kind: SearchDocument['kind'],
  documentOf: (key: string, value: unknown) => SearchDocument | null,
) {
  return {
    reset(children: ReadonlyMap<string, unknown>) {
      const documents: SearchDocument[] = [];
      for (const [key, value] of children) {
        const document = documentOf(key, value);
        if (document) documents.push(document);
      }
      index.replaceAll(kind, documents);
    },
    change(key: string, value: unknown) {
      const document = value === null ? null : documentOf(key, value);
      if (document) index.upsert(document);
      else index.remove(kind, key);
    },
  };
}

/** The search of games and members over the database at `source`. */
export function createSearchService(options: {
  source: NodeMirrorSource;
  clock: () => number;
  silenceMs?: number;
  openTimeoutMs?: number;
}): SearchService {
  const { source, clock } = options;
  const silenceMs = options.silenceMs ?? STREAM_SILENCE_MS;
  const openTimeoutMs = options.openTimeoutMs ?? STREAM_OPEN_TIMEOUT_MS;
  const index = createSearchIndex({ clock });
  const mirrors: NodeMirror[] = [
    mirrorNode(
      { ...source, path: ROOTS.games, project: searchedGameFields, clock, silenceMs, openTimeoutMs },
      feedIndex(index, 'game', gameDocument),
    ),
    mirrorNode(
      { ...source, path: ROOTS.usersPublic, project: searchedMemberFields, clock, silenceMs, openTimeoutMs },
      feedIndex(index, 'user', memberDocument),
    ),
  ];
  return {
    async search(request) {
      await Promise.all(mirrors.map((mirror) => mirror.current()));
      return { success: true, results: index.search(request.name, request.limit) };
    },
    stats: () => index.stats(),
    close() {
      for (const mirror of mirrors) mirror.close();
    },
  };
}
