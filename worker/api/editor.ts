import { z } from 'zod';
import { homeHighlightsSchema } from '../../shared/catalogue/home-highlights.ts';
import { LIST_PAGE_SIZE } from '../../shared/constants.ts';
import {
  PAGE_VIEWS_LOG_PATH,
  ROOTS,
  SOCIAL_ROOTS,
  userSectionNode,
  usernameClaimPath,
} from '../../shared/rtdb/paths.ts';
import { listSummarySchema } from '../../shared/catalogue/list-summary.ts';
import { planListGainedGames } from '../../shared/lists/list-activity.ts';
import { announceListGainedGames } from '../queues/home-feed-announcements.ts';
import {
  developerGrantSchema,
  developerParamsSchema,
  developerStatusSchema,
  editorMemberAnswerSchema,
  type EditorMember,
} from '../../shared/schemas/editor-developer.ts';
import {
  editorHighlightsAnswerSchema,
  editorHighlightsSavedSchema,
  editorHighlightsSchema,
} from '../../shared/schemas/editor-highlights.ts';
import {
  editorListAnswerSchema,
  editorListSavedSchema,
  editorListSaveSchema,
  editorListsAnswerSchema,
  listCodeSchema,
} from '../../shared/schemas/editor-list.ts';
import {
  editorLogPageSchema,
  editorLogsQuerySchema,
  type EditorLogEntry,
  type EditorLogKind,
} from '../../shared/schemas/editor-logs.ts';
import { commitDeveloperGrant, commitDeveloperRevoke } from '../../shared/transitions/editor-developer.ts';
import { gameNames } from '../../shared/transitions/editor-games.ts';
import { commitHomeHighlights } from '../../shared/transitions/editor-highlights.ts';
import { commitListSave, readListForEditing } from '../../shared/transitions/editor-lists.ts';
import { revisionOf } from '../../shared/transitions/editor-revision.ts';
import type { MultiPathUpdate } from '../../shared/rtdb/multi-path-update.ts';
import { apiError } from '../api-error.ts';
import { dropEdgeCopy } from '../edge-cache.ts';
import { editorReportsApi } from './editor-reports.ts';
import { editorRoute } from './role-route.ts';
import { apiRoutes, jsonAnswer, jsonBody } from './route-definition.ts';
import { notFound, type Failure } from './route-failures.ts';

/**
 * The site editors' API (spec: `admin.auth`): the home page's highlights, curated lists, developer status,
 * the logs and members' reports. Every route needs a signed-in admin (403 for any other member, 401 for a
 * visitor); every write is validated, checked against the catalogue and made as ONE multi-path PATCH with the server
 * credential, since the rules let no client write any of these nodes.
 */

const LOG_PATHS: Record<EditorLogKind, string> = {
  analytics: SOCIAL_ROOTS.analyticsLogs,
  page_views: PAGE_VIEWS_LOG_PATH,
};

const listParams = z.object({ code: listCodeSchema });
const usernameParams = z.object({ username: z.string().regex(/^[A-Za-z0-9_]{1,30}$/) });
const logEntrySchema = z.record(z.string(), z.unknown());
const listsPublicSchema = z.record(z.string(), listSummarySchema.loose().catch({ name: '?', game_count: 0 }));

/**
 * Drops the edge's copies of the pages an edit changed (see cachedPublicPage), after the answer, so the
 * next visitor reads the edit. The Cache API reaches this data centre only; in production the Worker
 * would also call Cloudflare's purge-by-URL API (POST /zones/{zone}/purge_cache with `files`, a token
 * holding Cache Purge) to drop the copies everywhere; until then other data centres serve theirs until
 * they expire (s-maxage, at most minutes). A failure only leaves the copy to expire.
 */
function purgePages(
  c: { req: { url: string }; executionCtx: { waitUntil(work: Promise<unknown>): void } },
  paths: readonly string[],
): void {
  const origin = new URL(c.req.url).origin;
  c.executionCtx.waitUntil(
    Promise.all(paths.map((path) => dropEdgeCopy(`${origin}${path}`))).catch((error: unknown) => {
      console.error('Dropping edited pages from the edge failed', error);
    }),
  );
}

/** Every page of a list that held `games` games (the first has no `?page=`). */
function listPagePaths(code: string, games: number): string[] {
  const pages = Math.max(1, Math.ceil(games / LIST_PAGE_SIZE));
  const base = `/lists/games/${encodeURIComponent(code)}`;
  return Array.from({ length: pages }, (_, i) => (i === 0 ? base : `${base}?page=${String(i + 1)}`));
}

/** What a list save adds for the list's followers when it gains games, at the time of the save. */
export type ListGainsPlanner = (code: string, addedGameIds: string[], at: number) => MultiPathUpdate;

const UNKNOWN_GAMES: Failure = {
  status: 400,
  code: 'invalid-input',
  when: 'A game named is not in the catalogue; nothing was written.',
  message: 'Some games are not in the catalogue.',
};

const EDIT_CONFLICT: Failure = {
  status: 409,
  code: 'edit-conflict',
  when: 'Someone saved since `revision` (or a new list’s code is taken); nothing was written: reload.',
  message: 'Someone else saved this since you opened it.',
};

const memberByUsername = editorRoute({
  method: 'get',
  path: '/members/{username}',
  hide: true,
  summary: 'A member by username, with their developer status',
  request: { params: usernameParams },
  responses: { 200: jsonAnswer(editorMemberAnswerSchema, 'The member.') },
  refusals: [notFound('member', 'No member has that username.')],
});

const grantDeveloper = editorRoute({
  method: 'put',
  path: '/developers/{uid}',
  hide: true,
  summary: 'Makes a member a developer; `games` (optional) replaces the games they run',
  request: { params: developerParamsSchema, body: jsonBody(developerGrantSchema) },
  responses: { 200: jsonAnswer(developerStatusSchema, 'Their developer status now.') },
  refusals: [UNKNOWN_GAMES, notFound('member', 'That member does not exist.')],
});

const revokeDeveloper = editorRoute({
  method: 'delete',
  path: '/developers/{uid}',
  hide: true,
  summary: 'Takes developer status back',
  request: { params: developerParamsSchema },
  responses: { 200: jsonAnswer(developerStatusSchema, 'Their developer status now.') },
  refusals: [notFound('member', 'That member does not exist.')],
});

const logPage = editorRoute({
  method: 'get',
  path: '/logs',
  hide: true,
  summary: 'A page of a log, latest first',
  request: { query: editorLogsQuerySchema },
  responses: { 200: jsonAnswer(editorLogPageSchema, 'The page.') },
});

const highlights = editorRoute({
  method: 'get',
  path: '/highlights',
  hide: true,
  summary: 'The highlighted games in order, their names and the revision a save goes over',
  responses: { 200: jsonAnswer(editorHighlightsAnswerSchema, 'The highlights.') },
});

const saveHighlights = editorRoute({
  method: 'put',
  path: '/highlights',
  hide: true,
  summary: 'Saves the highlighted games over the revision read',
  request: { body: jsonBody(editorHighlightsSchema) },
  responses: { 200: jsonAnswer(editorHighlightsSavedSchema, 'The games saved and the new revision.') },
  refusals: [UNKNOWN_GAMES, EDIT_CONFLICT],
});

const lists = editorRoute({
  method: 'get',
  path: '/lists',
  hide: true,
  summary: 'Every curated list’s code, name and size',
  responses: { 200: jsonAnswer(editorListsAnswerSchema, 'The lists, by name.') },
});

const list = editorRoute({
  method: 'get',
  path: '/lists/{code}',
  hide: true,
  summary: 'A list’s content, its games’ names and the revision a save goes over',
  request: { params: listParams },
  responses: { 200: jsonAnswer(editorListAnswerSchema, 'The list as the editor opens it.') },
  refusals: [notFound('list', 'That list does not exist.')],
});

const saveList = editorRoute({
  method: 'put',
  path: '/lists/{code}',
  hide: true,
  summary: 'Creates (201, `revision: null`) or replaces (200) a list and its summary',
  request: { params: listParams, body: jsonBody(editorListSaveSchema) },
  responses: {
    200: jsonAnswer(editorListSavedSchema, 'The list was replaced.'),
    201: jsonAnswer(editorListSavedSchema, 'The list was made.'),
  },
  refusals: [UNKNOWN_GAMES, EDIT_CONFLICT],
});

/** The editors' API; `planListGains` tells a list's followers when it gains games (same PATCH as the save). */
export function createEditorApi(planListGains?: ListGainsPlanner) {
  return (
    apiRoutes()
      // Members' reports: the queue, and removing, dismissing or blocking (worker/api/editor-reports.ts).
      .route('/reports', editorReportsApi)
      // A member by username, with their developer status, for granting it by name.
      .openapi(memberByUsername, async (c) => {
        const db = c.var.database.server;
        const uid = await db.read(usernameClaimPath(c.req.valid('param').username), z.string());
        if (uid === null) throw apiError(404, 'not-found', { message: 'No member has that username.' });
        const [username, isDeveloper, games] = await Promise.all([
          db.read(userSectionNode(uid, 'public').child('username').path, z.string()),
          db.read(userSectionNode(uid, 'readOnly').child('isDeveloper').path, z.boolean()),
          db.read(
            userSectionNode(uid, 'developer').child('developerGames').path,
            z.record(z.string(), z.unknown()),
          ),
        ]);
        if (username === null) throw apiError(404, 'not-found', { message: 'No member has that username.' });
        const developerGames = Object.keys(games ?? {}).sort();
        const member: EditorMember = {
          uid,
          username,
          isDeveloper: isDeveloper === true,
          developerGames,
          gameNames: await gameNames(db, developerGames),
        };
        return c.json({ member }, 200);
      })
      .openapi(grantDeveloper, async (c) => {
        const { uid } = c.req.valid('param');
        const { games } = c.req.valid('json');
        const { username } = await commitDeveloperGrant(c.var.database.server, uid, games);
        purgePages(c, [`/user/${encodeURIComponent(username)}`]);
        return c.json({ uid, username, isDeveloper: true }, 200);
      })
      .openapi(revokeDeveloper, async (c) => {
        const { uid } = c.req.valid('param');
        const { username } = await commitDeveloperRevoke(c.var.database.server, uid);
        purgePages(c, [`/user/${encodeURIComponent(username)}`]);
        return c.json({ uid, username, isDeveloper: false }, 200);
      })
      // The latest entries of a log, latest first, a bounded page at a time (push keys sort by time).
      .openapi(logPage, async (c) => {
        const { kind, before, limit } = c.req.valid('query');
        const stored = await c.var.database.server.query(
          LOG_PATHS[kind],
          { orderBy: '$key', ...(before ? { endAt: before } : {}), limitToLast: limit + 1 },
          z.record(z.string(), z.unknown()),
        );
        const keys = Object.keys(stored ?? {})
          .filter((key) => key !== before)
          .sort()
          .reverse();
        const page = keys.slice(0, limit);
        const entries: EditorLogEntry[] = page.map((id) => {
          const parsed = logEntrySchema.safeParse(stored?.[id]);
          const fields: EditorLogEntry['fields'] = {};
          for (const [name, value] of Object.entries(parsed.success ? parsed.data : {}))
            if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
              fields[name] = typeof value === 'string' ? value.slice(0, 300) : value;
          const timestamp = typeof fields.timestamp === 'number' ? fields.timestamp : null;
          return { id, timestamp, fields };
        });
        const more = keys.length > limit;
        return c.json({ kind, entries, before: more ? (page.at(-1) ?? null) : null }, 200);
      })
      // The highlighted games in order, with their names, and the revision a save goes over.
      .openapi(highlights, async (c) => {
        const db = c.var.database.server;
        const stored = (await db.get(ROOTS.highlightsHome)) ?? {};
        const parsed = homeHighlightsSchema.safeParse(stored);
        const games = parsed.success
          ? Object.entries(parsed.data.games)
              .sort(([idA, a], [idB, b]) => a - b || idA.localeCompare(idB))
              .map(([id]) => id)
          : [];
        const revision = revisionOf((stored as { revision?: unknown }).revision);
        return c.json({ games, names: await gameNames(db, games), revision }, 200);
      })
      .openapi(saveHighlights, async (c) => {
        const { games, revision: expected } = c.req.valid('json');
        const revision = await commitHomeHighlights(c.var.database.server, games, expected);
        purgePages(c, ['/']);
        return c.json({ games, revision }, 200);
      })
      // Every list's code, name and size, for the editor to pick one (server read: a few hundred small entries).
      .openapi(lists, async (c) => {
        const stored = await c.var.database.server.read(ROOTS.listsPublic, listsPublicSchema);
        const lists = Object.entries(stored ?? {})
          .map(([code, summary]) => ({ code, name: summary.name, games: summary.game_count }))
          .sort((a, b) => a.name.localeCompare(b.name));
        return c.json({ lists }, 200);
      })
      // A list as the editor shows it: its collections, the names of its games and its revision.
      .openapi(list, async (c) => {
        const { code } = c.req.valid('param');
        const db = c.var.database.server;
        const opened = await readListForEditing(db, code);
        if (!opened) throw apiError(404, 'not-found', { message: 'That list does not exist.' });
        const names = await gameNames(
          db,
          opened.list.collections.flatMap((collection) => collection.games),
        );
        return c.json({ code, list: opened.list, names, revision: opened.revision }, 200);
      })
      .openapi(saveList, async (c) => {
        const { code } = c.req.valid('param');
        const { revision, ...input } = c.req.valid('json');
        // Whether the save wrote a list event (the plan below is called with the games gained, if any).
        const gains = { written: false };
        const outcome = await commitListSave(
          c.var.database.server,
          code,
          input,
          revision,
          planListGains &&
            ((listCode, ids) => {
              const plan = planListGains(listCode, ids, c.var.clock());
              gains.written ||= Object.keys(plan).length > 0;
              return plan;
            }),
        );
        // The event written with the save joins the list's followers' home feeds (worker/queues/).
        if (gains.written) c.executionCtx.waitUntil(announceListGainedGames(c.env, code));
        // The list's pages as they were and are, and home, which shows the largest lists.
        purgePages(c, [...listPagePaths(code, Math.max(outcome.gamesBefore, outcome.gamesAfter)), '/']);
        const saved = { code, ...outcome };
        return outcome.created ? c.json(saved, 201) : c.json(saved, 200);
      })
  );
}

/** Mounted at /api/editor: a list that gains games tells its followers (list_activity, same PATCH). */
export const editorApi = createEditorApi(planListGainedGames);
