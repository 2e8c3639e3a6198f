import { listSummaryOf } from '../catalogue/list-summary.ts';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import { listPath, listPublicPath, listRevisionPath } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import type { EditorList } from '../schemas/editor-list.ts';
import { listSchema, type ListRecord } from '../schemas/list.ts';
import { readGameSummaries } from '../catalogue/game-summary-reads.ts';
import { listGameIds, planListSummaryPlaces, withGameSummaries } from '../lists/list-game-summaries.ts';
import { UnknownGamesError } from './editor-games.ts';
import { claimNextRevision, EditConflictError, FIRST_REVISION, revisionOf } from './editor-revision.ts';

/**
 * What else a save writes when a list gains games (for its followers' feeds), in the same PATCH: from the
 * list's code and the ids it did not hold before, in the order the list shows them. Passed in by the
 * caller, so this transition knows nothing of who follows lists.
 */
export type PlanListGains = (code: string, addedGameIds: string[]) => MultiPathUpdate;

/** Collection keys that sort in the editor's order (the list page orders collections by key). */
const collectionKey = (index: number): string => `c${String(index + 1).padStart(2, '0')}`;

/** The stored record of a list as the editor sent it; an imported list keeps its source's credit. */
export function listRecordOf(code: string, input: EditorList, source?: ListRecord['source']): ListRecord {
  return {
    code,
    name: input.name,
    ...(input.description ? { description: input.description } : {}),
    games: Object.fromEntries(
      input.collections.map((collection, i) => [
        collectionKey(i),
        {
          name: collection.name,
          games: Object.fromEntries(collection.games.map((id, position) => [id, position + 1])),
        },
      ]),
    ),
    ...(source ? { source } : {}),
  };
}

/** A stored list in the editor's shape: collections in key order, games in position order. */
export function editorListOf(record: ListRecord): EditorList {
  return {
    name: record.name,
    ...(record.description ? { description: record.description } : {}),
    collections: Object.entries(record.games)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([, collection]) => ({
        name: collection.name,
        games: Object.entries(collection.games)
          .sort(([idA, a], [idB, b]) => a - b || idA.localeCompare(idB))
          .map(([id]) => id),
      })),
  };
}

/**
 * What is stored at `code`, in one read: the list (null when none validates) and the revision stored
 * with it (null when none: a list never saved here, or no list at all; a revision without a list is left
 * by a creation whose PATCH failed).
 */
async function readStoredList(
  db: RtdbClient,
  code: string,
): Promise<{ list: ListRecord | null; revision: number | null }> {
  const stored = await db.get(listPath(code));
  const parsed = listSchema.safeParse(stored);
  const revision = (stored as { revision?: unknown } | null)?.revision;
  return {
    list: parsed.success ? parsed.data : null,
    revision: revision === undefined ? null : revisionOf(revision),
  };
}

const gameIdsOf = listGameIds;

/** The list at `code` as an editor opens it: its content and the revision to save against. */
export async function readListForEditing(
  db: RtdbClient,
  code: string,
): Promise<{ list: EditorList; revision: number } | null> {
  const { list, revision } = await readStoredList(db, code);
  return list ? { list: editorListOf(list), revision: revision ?? FIRST_REVISION } : null;
}

export interface ListSaveOutcome {
  created: boolean;
  /** The revision the list is at now: the next save sends it back. */
  revision: number;
  /** Games the list holds now and did not before, in the order the list shows them. */
  added: string[];
  /** Distinct games before and after (for the pages of the list to refresh). */
  gamesBefore: number;
  gamesAfter: number;
}

/**
 * Creates (`expectedRevision` null: refused when a list has that code) or replaces the list `code` over
 * the revision the editor read (EditConflictError when someone saved since, see editor-revision.ts):
 * every game must exist (each is read whole: the list keeps its games' summaries, so that its page reads
 * one record); then the revision is claimed, and the list with its games' summaries, the index of where
 * those are kept, its summary in `lists-public` and whatever `planGains` adds for games it gained are ONE
 * multi-path PATCH, so readers never see a list and its summary disagree.
 */
export async function commitListSave(
  db: RtdbClient,
  code: string,
  input: EditorList,
  expectedRevision: number | null,
  planGains?: PlanListGains,
): Promise<ListSaveOutcome> {
  const ids = input.collections.flatMap((collection) => collection.games);
  const [{ list: before, revision: stored }, { summaries, missing }] = await Promise.all([
    readStoredList(db, code),
    readGameSummaries(db, ids),
  ]);
  if (missing.length > 0) throw new UnknownGamesError(missing);
  // A creation that finds the code taken is told to choose another; a save over a newer one, to reload.
  const conflict =
    expectedRevision === null
      ? 'A list already has that code: choose another.'
      : 'Someone else saved this list since you opened it: reload to see theirs.';
  if (expectedRevision === null && before !== null)
    throw new EditConflictError(listRevisionPath(code), null, null, conflict);
  if (expectedRevision !== null && before === null)
    throw new EditConflictError(listRevisionPath(code), expectedRevision, null, conflict);
  // A new list claims a revision where none is stored, so of two editors creating the same code at once
  // one is refused. Only a creation whose PATCH failed leaves a revision without a list; the next
  // creation takes over from it.
  const from = expectedRevision === null ? stored : expectedRevision;
  const revision = await claimNextRevision(db, listRevisionPath(code), from, conflict);
  const record = withGameSummaries(listRecordOf(code, input, before?.source), summaries);
  const had = gameIdsOf(before);
  const now = gameIdsOf(record);
  const added = [...now].filter((id) => !had.has(id));
  await db.patch('', {
    [listPath(code)]: { ...record, revision },
    ...planListSummaryPlaces(code, before, record),
    // Field by field: the summary also keeps how many follow the list, which a save must not reset.
    ...Object.fromEntries(
      Object.entries(listSummaryOf(record)).map(([field, value]) => [
        `${listPublicPath(code)}/${field}`,
        value,
      ]),
    ),
    ...(planGains && added.length > 0 ? planGains(code, added) : {}),
  });
  return { created: before === null, revision, added, gamesBefore: had.size, gamesAfter: now.size };
}
