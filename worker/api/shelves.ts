import { z } from 'zod';
import { gamelistEntryPath, shelfCountsNode, shelvesByUserIdNode } from '../../shared/rtdb/paths.ts';
import { recordIdSchema } from '../../shared/schemas/keys.ts';
import {
  gamelistEntrySchema,
  SHELVES,
  shelfIndexEntrySchema,
  shelfPageSchema,
  shelfRequestSchema,
  shelfSchema,
  shelfStateSchema,
  shelfStatusTime,
} from '../../shared/schemas/shelf.ts';
import { MAX_SHELF_CHECKS, shelvesOfGamesSchema } from '../../shared/schemas/shelves-of-games.ts';
import { commitShelf } from '../../shared/transitions/shelf.ts';
import { purgeFeedPage } from '../feed-page-purge.ts';
import { limitCostlyReads } from '../rate-limit/limits.ts';
import { ANA, HADES, POSTED_AT } from './route-examples.ts';
import { gameParams } from './game-parameters.ts';
import {
  apiRoutes,
  jsonAnswer,
  jsonBody,
  memberRoute,
  memberWriteRoute,
  publicRoute,
} from './route-definition.ts';
import { BUSY, notFound, TOO_MANY_READS } from './route-failures.ts';

// Shelves (shared/schemas/shelf.ts): a member puts a game on one shelf — want to play, playing, played,
// dropped — or takes it off; the game counts each shelf, and the member's profile lists them.

/**
 * A page of a member's shelves: a profile's first screen. The query reads one more, to know of a next
 * page: 25, the database rules' cap on a public query (database.rules.json, `shelves_by_userid`).
 */
const SHELF_PAGE = 24;

const countsExample = { want: 41, playing: 12, played: 230, dropped: 9 };

const shelveGame = memberWriteRoute({
  method: 'put',
  path: '/games/{gameId}/status',
  tags: ['Shelves'],
  summary: 'Put a game on a shelf',
  description:
    'One shelf per game: `want` (to play), `playing`, `played` or `dropped`; putting it on another moves ' +
    'it. Idempotent: the same shelf again answers `changed: false`.',
  request: { params: gameParams, body: jsonBody(shelfRequestSchema, { status: 'played' }) },
  responses: {
    200: jsonAnswer(shelfStateSchema, 'The caller’s shelf for the game and the game’s counts after it.', {
      status: 'played',
      changed: true,
      counts: countsExample,
    }),
  },
  refusals: [notFound('game', 'That game does not exist.'), BUSY],
});

const unshelveGame = memberWriteRoute({
  method: 'delete',
  path: '/games/{gameId}/status',
  tags: ['Shelves'],
  summary: 'Take a game off its shelf',
  description: 'Idempotent: a game on no shelf answers `changed: false`.',
  request: { params: gameParams },
  responses: {
    200: jsonAnswer(shelfStateSchema, 'No shelf, and the game’s counts after it.', {
      status: null,
      changed: true,
      counts: { ...countsExample, played: 229 },
    }),
  },
  refusals: [BUSY],
});

const shelfOfGame = memberRoute({
  method: 'get',
  path: '/games/{gameId}/status',
  tags: ['Shelves'],
  summary: 'The caller’s shelf for a game',
  description: 'With how many members have the game on each shelf.',
  request: { params: gameParams },
  responses: {
    200: jsonAnswer(shelfStateSchema, 'The caller’s shelf (null: none) and the game’s counts.', {
      status: 'playing',
      changed: false,
      counts: countsExample,
    }),
  },
});

const shelfChecksQuery = z.object({
  ids: z
    .string()
    .max(MAX_SHELF_CHECKS * 130)
    .transform((list) => [...new Set(list.split(',').filter((id) => id !== ''))])
    .pipe(
      z
        .array(recordIdSchema)
        .min(1, 'Name at least one game.')
        .max(MAX_SHELF_CHECKS, `At most ${String(MAX_SHELF_CHECKS)} games at once.`),
    )
    .meta({
      description: `Games’ deep links, comma-separated (at most ${String(MAX_SHELF_CHECKS)}).`,
      example: `${HADES},celeste`,
    }),
});

const shelvesOfGames = memberRoute({
  method: 'get',
  path: '/shelves/mine',
  tags: ['Shelves'],
  summary: 'The caller’s shelves for some games',
  description:
    'Pages of games are the same for everyone; a signed-in page asks this once after loading, for all ' +
    'the games its cards show, to mark the shelf of each. Games on no shelf (or that do not exist) are ' +
    'left out.',
  // Up to MAX_SHELF_CHECKS reads a request: asked once a page, so counted (a loop would read 50 for one).
  middleware: [limitCostlyReads('shelf-checks')],
  request: { query: shelfChecksQuery },
  responses: {
    200: jsonAnswer(shelvesOfGamesSchema, 'The caller’s shelf of each game asked about that has one.', {
      shelves: { [HADES]: 'played' },
    }),
  },
  refusals: [TOO_MANY_READS],
});

const shelvesOfMember = publicRoute({
  method: 'get',
  path: '/shelves/users/{uid}',
  tags: ['Shelves'],
  summary: 'A member’s shelves',
  description: `The games a member has shelved, newest first, ${String(SHELF_PAGE)} a page; public.`,
  request: {
    params: z.object({ uid: recordIdSchema.meta({ description: 'The member’s uid.', example: ANA }) }),
    query: z
      .object({
        status: shelfSchema.optional().meta({ description: 'Only this shelf.', example: 'played' }),
        cursor: z
          .string()
          .max(64)
          .optional()
          .meta({ description: 'Where the page starts: the `nextCursor` of the page before.' }),
      })
      // A cursor is the time of the page's last game, or with a shelf `{shelf}~{time}` (shelfStatusTime):
      // another shelf's would widen the query's range over the shelves between (`played~` … `want~` holds
      // `playing~`), so it is refused rather than answered with games of other shelves.
      .refine(
        ({ status, cursor }) =>
          cursor === undefined || (status ? new RegExp(`^${status}~\\d{13}$`) : /^\d{1,16}$/).test(cursor),
        { message: 'Not a valid cursor.', path: ['cursor'] },
      ),
  },
  responses: {
    200: jsonAnswer(shelfPageSchema, 'A page of shelved games, newest first.', {
      games: [{ gameId: HADES, status: 'played', timestamp: POSTED_AT, name: 'Hades' }],
      nextCursor: null,
    }),
  },
});

const countsOf = (read: Partial<Record<string, number>> | null) =>
  Object.fromEntries(SHELVES.map((shelf) => [shelf, Math.max(0, read?.[shelf] ?? 0)])) as z.infer<
    typeof shelfStateSchema
  >['counts'];

const shelfIndexPage = z.record(z.string(), z.unknown());

/**
 * Shelves: PUT puts the game in the path on the caller's shelf, DELETE takes it off (both idempotent),
 * GET the caller's shelf; and a member's shelves, public and paged.
 */
export const shelvesApi = apiRoutes()
  .openapi(shelveGame, async (c) => {
    const { gameId } = c.req.valid('param');
    const { status } = c.req.valid('json');
    const state = await commitShelf(
      c.var.database.server,
      { uid: c.var.user.uid, gameId, status },
      c.var.clock,
    );
    // The game's page shows the counts: its edge copy goes, so the member sees their shelf on reload.
    if (state.changed) purgeFeedPage(c, { feed: { type: 'game', id: gameId } });
    return c.json(state, 200);
  })
  .openapi(unshelveGame, async (c) => {
    const { gameId } = c.req.valid('param');
    const state = await commitShelf(
      c.var.database.server,
      { uid: c.var.user.uid, gameId, status: null },
      c.var.clock,
    );
    if (state.changed) purgeFeedPage(c, { feed: { type: 'game', id: gameId } });
    return c.json(state, 200);
  })
  .openapi(shelfOfGame, async (c) => {
    const { gameId } = c.req.valid('param');
    const { uid, idToken } = c.var.user;
    // The caller's own shelf: kept by no cache on the way (a shared computer's browser included).
    c.header('Cache-Control', 'private, no-store');
    const [entry, counts] = await Promise.all([
      c.var.database.asUser(idToken).read(gamelistEntryPath(uid, gameId), gamelistEntrySchema),
      c.var.database.public.read(shelfCountsNode(gameId).path, z.record(z.string(), z.number())),
    ]);
    return c.json({ status: entry?.status ?? null, changed: false, counts: countsOf(counts) }, 200);
  })
  .openapi(shelvesOfGames, async (c) => {
    const { ids } = c.req.valid('query');
    const { uid, idToken } = c.var.user;
    c.header('Cache-Control', 'private, no-store');
    // The caller's own entries only (their uid from the token, read with their token: the database
    // rules keep anyone else's private), one parallel round of bounded reads.
    const member = c.var.database.asUser(idToken);
    const entries = await Promise.all(
      ids.map((gameId) => member.read(gamelistEntryPath(uid, gameId), gamelistEntrySchema)),
    );
    const shelves = Object.fromEntries(
      ids.flatMap((gameId, index) => {
        const status = entries[index]?.status;
        return status ? [[gameId, status] as const] : [];
      }),
    );
    return c.json({ shelves }, 200);
  })
  .openapi(shelvesOfMember, async (c) => {
    const { uid } = c.req.valid('param');
    const { status, cursor } = c.req.valid('query');
    // Newest first: by time, or one shelf's games by `status_time`; a page and one more, to know of the next.
    const value = await c.var.database.public.query(
      shelvesByUserIdNode(uid).path,
      status
        ? {
            orderBy: 'status_time',
            startAt: shelfStatusTime(status, 0),
            endAt: cursor ?? `${status}~\uf8ff`,
            limitToLast: SHELF_PAGE + 1,
          }
        : {
            orderBy: 'timestamp',
            ...(cursor ? { endAt: Number(cursor) || 0 } : {}),
            limitToLast: SHELF_PAGE + 1,
          },
      shelfIndexPage,
    );
    const games = Object.entries(value ?? {})
      .flatMap(([gameId, entry]) => {
        const parsed = shelfIndexEntrySchema.safeParse(entry);
        return parsed.success ? [{ gameId, ...parsed.data }] : [];
      })
      // The cursor's own entry was the last of the page before.
      .filter(
        (entry) =>
          cursor === undefined || (status ? entry.status_time < cursor : entry.timestamp < Number(cursor)),
      )
      .sort((a, b) => b.timestamp - a.timestamp);
    const page = games.slice(0, SHELF_PAGE);
    const last = page.at(-1);
    const nextCursor =
      games.length > SHELF_PAGE && last ? (status ? last.status_time : String(last.timestamp)) : null;
    return c.json(
      {
        games: page.map(({ gameId, status: shelf, timestamp, name }) => ({
          gameId,
          status: shelf,
          timestamp,
          ...(name === undefined ? {} : { name }),
        })),
        nextCursor,
      },
      200,
    );
  });
