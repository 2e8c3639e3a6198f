import type { hc, InferRequestType, InferResponseType } from 'hono/client';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { parseLibraryFile } from '../../shared/library/library-file.ts';
import { createRtdbClient } from '../../shared/rtdb/rest-client.ts';
import type { LibraryExport } from '../../shared/schemas/library-export.ts';
import type {
  LibraryMatch,
  LibraryMatchAnswer,
  LibraryMatchRequest,
} from '../../shared/schemas/library-match.ts';
import { createApp } from '../app.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { ownerDatabase, testEnv, testGame } from '../test-support/test-database.ts';
import type { api } from './index.ts';

// The library API in workerd: matching against the database emulator and the real search callable
// (functions/src/search/callable-test-server.ts, which indexes its own database: the games are written
// to both), following through the follow API, and the export of everything a member put in.

// The browser's client is typed by the route's own definition: its answer is the shared schema's, and
// it takes any request the shared schema does.
type Routes = ReturnType<typeof hc<typeof api>>;
const answersTheContract: [
  InferResponseType<Routes['library']['match']['$post'], 200> extends LibraryMatchAnswer ? true : false,
  LibraryMatchRequest extends InferRequestType<Routes['library']['match']['$post']>['json'] ? true : false,
] = [true, true];

const env = testEnv({ FUNCTIONS_BASE_URL: inject('searchFunctionsBaseUrl') });
const db = ownerDatabase(env);
const searchDatabase = createRtdbClient({
  databaseUrl: inject('searchDatabaseUrl'),
  namespace: inject('searchDatabaseNamespace'),
  credential: { kind: 'emulatorOwner' },
});
const call = apiCaller(env, createApp());

const GAMES = {
  'brassmoor-lantern': {
    ...testGame('brassmoor-lantern', 'Brassmoor Lantern™', 500),
    steam_appid: 9_100_001,
  },
  'brassmoor-lantern-ii': { ...testGame('brassmoor-lantern-ii', 'Brassmoor Lantern II', 50) },
  tidewrack: testGame('tidewrack', 'Tidewrack', 20),
  'tidewrack-1998': testGame('tidewrack-1998', 'TIDEWRACK', 10),
  'quillfen-odyssey': { ...testGame('quillfen-odyssey', 'Quillfen Odyssey', 30), steam_appid: 9_100_002 },
};

async function match(entries: unknown[], uid = 'libana'): Promise<LibraryMatch[]> {
  const response = await call('/api/library/match', { method: 'POST', uid, json: { entries } });
  expect(response.status).toBe(200);
  return (await response.json<LibraryMatchAnswer>()).matches;
}

async function exportOf(uid: string, format = 'json') {
  return call(`/api/library/export?format=${format}`, { uid });
}

beforeAll(async () => {
  const records = Object.fromEntries(Object.entries(GAMES).map(([id, game]) => [`games/${id}`, game]));
  await Promise.all([
    db.patch('', {
      ...records,
      'users/libana/public': { uuid: 'libana', username: 'lib_ana', follows: 0 },
      'users/libben/public': { uuid: 'libben', username: 'lib_ben', follows: 0 },
      'users/libdan/public': { uuid: 'libdan', username: 'lib_dan', follows: 0 },
      'users_public/libana': { username: 'lib_ana' },
      'users_public/libben': { username: 'lib_ben' },
      'users/libana/private/hiddenTags/horror': 1_900_000_000_000,
      'profiles/libana': { brief: 'Roguelites, mostly', details: 'Line one\nLine two' },
      'profiles/libben': { brief: 'Ben’s own words', details: '' },
    }),
    searchDatabase.patch('', records),
  ]);
  // The search function's index follows its database as a stream: wait until it has the games.
  for (let attempt = 0; attempt < 50; attempt++) {
    const [found] = await match([{ name: 'Quillfen Odyssey' }]);
    if (found?.status === 'certain') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the search function never indexed the test games');
});

describe('matching a library', () => {
  it('is certain of a Steam app id or Questline id the catalogue knows, whatever the name says', async () => {
    expect(answersTheContract).toEqual([true, true]);
    const [byAppId, byId] = await match([{ appid: 9_100_001, name: 'Some other name' }, { id: 'tidewrack' }]);
    expect(byAppId).toMatchObject({
      status: 'certain',
      game: { id: 'brassmoor-lantern', name: 'Brassmoor Lantern™' },
    });
    expect(byId).toMatchObject({ status: 'certain', game: { id: 'tidewrack', name: 'Tidewrack' } });
  });

  it('is certain of a name that is the game’s whatever the case, trademark signs and accents', async () => {
    const [found] = await match([{ appid: 123, name: 'brassmoor lantern' }]);
    expect(found).toEqual({
      status: 'certain',
      game: { id: 'brassmoor-lantern', name: 'Brassmoor Lantern™' },
    });
  });

  it('offers candidates for a name that is only close, and for a name two games share', async () => {
    const [close, shared] = await match([{ name: 'Brassmoor Lanter' }, { name: 'tidewrack' }]);
    expect(close?.status).toBe('uncertain');
    expect(close?.status === 'uncertain' ? close.candidates.map((game) => game.id) : []).toEqual([
      'brassmoor-lantern',
      'brassmoor-lantern-ii',
    ]);
    expect(shared?.status === 'uncertain' ? shared.candidates.map((game) => game.id).sort() : []).toEqual([
      'tidewrack',
      'tidewrack-1998',
    ]);
  });

  it('says what could not be matched, in the order sent, even when a name shares a word with a game', async () => {
    // "Odyssey" alone is in Quillfen Odyssey: one word in four is not a candidate.
    const matches = await match([
      { name: 'Zzyzx Unheard Of' },
      { id: 'no-such-game' },
      { appid: 1 },
      { name: 'Zzyzx Odyssey of Nowhere' },
    ]);
    expect(matches).toEqual([
      { status: 'unmatched' },
      { status: 'unmatched' },
      { status: 'unmatched' },
      { status: 'unmatched' },
    ]);
  });

  it('answers 401 to a visitor and 400 to too many games, huge names or empty entries', async () => {
    const json = { entries: [{ name: 'Tidewrack' }] };
    expect((await call('/api/library/match', { method: 'POST', json })).status).toBe(401);
    const tooMany = Array.from({ length: 17 }, (_, n) => ({ appid: n + 1 }));
    for (const entries of [
      tooMany,
      [{ name: 'x'.repeat(201) }],
      [{}],
      [],
      [{ appid: -4 }],
      [{ id: '../users' }],
    ]) {
      const response = await call('/api/library/match', { method: 'POST', uid: 'libana', json: { entries } });
      expect(response.status).toBe(400);
    }
    const huge = await call('/api/library/match', {
      method: 'POST',
      uid: 'libana',
      json: { entries: [{ name: 'y'.repeat(40_000) }] },
    });
    expect(huge.status).toBe(413);
  });

  it('answers 503 in its own words when search fails, leaking nothing of it', async () => {
    const failing = apiCaller(
      { ...env, FUNCTIONS_BASE_URL: `${inject('searchFunctionsOrigin')}/stand-in-unavailable/us-central1` },
      createApp(),
    );
    const response = await failing('/api/library/match', {
      method: 'POST',
      uid: 'libana',
      json: { entries: [{ name: 'Somewhat Unknown' }] },
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('Retry-After')).toBe('5');
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({
      error: {
        code: 'unavailable',
        message: 'Games cannot be matched just now. Please try again in a moment.',
      },
    });
    expect(body).not.toMatch(/ECONNREFUSED|workspace|stand-in/);
  });

  it(
    'counts against the member’s write limit: past it, 429 with Retry-After, while others still match',
    { timeout: 60_000 },
    async () => {
      /** wrangler.toml's MEMBER_WRITES_LIMITER (the same locally as in production). */
      const MEMBER_WRITES_PER_MINUTE = 120;
      // Miniflare counts in windows aligned to the clock's minutes: the burst starts with enough of one left.
      const left = 60_000 - (Date.now() % 60_000);
      if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 250));
      const json = { entries: [{ id: 'no-such-game' }] };
      for (let sent = 0; sent < MEMBER_WRITES_PER_MINUTE; sent += 10) {
        const answers = await Promise.all(
          Array.from({ length: 10 }, () =>
            call('/api/library/match', { method: 'POST', uid: 'libcara', json }),
          ),
        );
        for (const answer of answers) {
          expect(answer.status).toBe(200);
          await answer.body?.cancel();
        }
      }
      const refused = await call('/api/library/match', {
        method: 'POST',
        uid: 'libcara',
        json: { entries: [{ name: 'Quillfen Odyssey' }] },
      });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('Retry-After')).toBe('60');
      expect(await refused.json()).toEqual({
        error: {
          code: 'too-many-requests',
          message: 'You’re doing that too often. Please wait a minute, then try again.',
        },
      });
      // Another member's limit is their own.
      expect((await match([{ name: 'Quillfen Odyssey' }], 'libben'))[0]?.status).toBe('certain');
    },
  );

  it('follows matched games once however often the same library is brought in', async () => {
    for (let round = 0; round < 2; round++) {
      const matches = await match([{ appid: 9_100_002 }, { name: 'Quillfen Odyssey' }], 'libben');
      const ids = new Set(matches.flatMap((found) => (found.status === 'certain' ? [found.game.id] : [])));
      expect([...ids]).toEqual(['quillfen-odyssey']);
      for (const id of ids) {
        const followed = await call(`/api/follows/game/${id}`, { method: 'PUT', uid: 'libben' });
        expect(await followed.json()).toMatchObject({ changed: round === 0, followers: 1 });
      }
    }
    expect(await db.get('games/quillfen-odyssey/follows')).toBe(1);
  });
});

describe('exporting what a member put in', () => {
  beforeAll(async () => {
    // Ana and Ben each follow, post, comment, like, answer a suggestion and block, through the API.
    for (const [uid, game, other] of [
      ['libana', 'brassmoor-lantern', 'libben'],
      ['libben', 'tidewrack', 'libana'],
    ] as const) {
      expect((await call(`/api/follows/game/${game}`, { method: 'PUT', uid })).status).toBe(200);
      expect((await call(`/api/follows/user/${other}`, { method: 'PUT', uid })).status).toBe(200);
      const posted = await call('/api/posts', {
        method: 'POST',
        uid,
        json: { targetType: 'game', targetId: game, content: `=cmd|' /C calc'!A0, "hi" from ${uid}` },
      });
      expect(posted.status).toBe(201);
      const postId = (await posted.json<{ post: { uuid: string } }>()).post.uuid;
      const commented = await call(`/api/comments/posts/${postId}`, {
        method: 'POST',
        uid,
        json: { content: `${uid} comments` },
      });
      expect(commented.status).toBe(201);
      expect((await call(`/api/likes/post/${postId}`, { method: 'PUT', uid })).status).toBe(200);
      const answered = await call('/api/suggestions/quillfen-odyssey', {
        method: 'PUT',
        uid,
        json: { success: 'no' },
      });
      expect(answered.status).toBe(200);
      const blocked = await call('/api/blocks', {
        method: 'POST',
        uid,
        json: { kind: 'games', ids: ['tidewrack-1998'] },
      });
      expect(blocked.status).toBe(200);
    }
  });

  it('downloads the member’s follows, posts, comments, likes, answers and blocks as a private JSON file', async () => {
    const response = await exportOf('libana');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(response.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="questline-library-\d{4}-\d\d-\d\d\.json"$/,
    );
    const data = await response.json<LibraryExport>();
    expect(data).toMatchObject({
      format: 'questline-library',
      version: 1,
      member: { uid: 'libana', username: 'lib_ana' },
    });
    expect(data.games.map(({ id, name, steam_appid }) => ({ id, name, steam_appid }))).toEqual([
      { id: 'brassmoor-lantern', name: 'Brassmoor Lantern™', steam_appid: 9_100_001 },
    ]);
    expect(data.follows.users.map((follow) => follow.id)).toEqual(['libben']);
    expect(data.posts.map((post) => [post.feed, post.content])).toEqual([
      ['brassmoor-lantern', `=cmd|' /C calc'!A0, "hi" from libana`],
    ]);
    expect(data.comments.map((comment) => comment.content)).toEqual(['libana comments']);
    expect(data.likes).toHaveLength(1);
    expect(data.suggestionAnswers).toEqual([{ id: 'quillfen-odyssey', answer: 'no' }]);
    expect(data.blocks.games.map((block) => block.id)).toEqual(['tidewrack-1998']);
    expect(data.hiddenTags).toEqual([{ id: 'horror', at: 1_900_000_000_000 }]);
    expect(data.profile).toEqual({ brief: 'Roguelites, mostly', details: 'Line one\nLine two' });
  });

  it('carries the member’s shelves, newest first, in the JSON and the CSV, without one taken off', async () => {
    const shelve = (game: string, status: string | null, uid = 'libana') =>
      call(`/api/games/${game}/status`, {
        method: status === null ? 'DELETE' : 'PUT',
        uid,
        ...(status === null ? {} : { json: { status } }),
      });
    expect((await shelve('quillfen-odyssey', 'played')).status).toBe(200);
    expect((await shelve('brassmoor-lantern', 'want')).status).toBe(200);
    expect((await shelve('brassmoor-lantern-ii', 'dropped')).status).toBe(200);
    expect((await shelve('brassmoor-lantern', null)).status).toBe(200);
    expect((await shelve('tidewrack-1998', 'playing', 'libben')).status).toBe(200);

    const data = await (await exportOf('libana')).json<LibraryExport>();
    expect(
      data.shelves.map(({ id, status }) => ({ id, status })).sort((a, b) => (a.id < b.id ? -1 : 1)),
    ).toEqual([
      { id: 'brassmoor-lantern-ii', status: 'dropped' },
      { id: 'quillfen-odyssey', status: 'played' },
    ]);
    expect(data.shelves[0]?.at).toBeGreaterThanOrEqual(data.shelves[1]?.at ?? Infinity);
    const csv = await (await exportOf('libana', 'csv')).text();
    expect(csv).toMatch(/\r\nshelved-game,quillfen-odyssey,,,\d{4}-\d\d-\d\dT[\d:.]+Z,played\r\n/);
    expect(csv).toMatch(/\r\nshelved-game,brassmoor-lantern-ii,,,[^,]+,dropped\r\n/);
    expect(csv).not.toContain('shelved-game,brassmoor-lantern,');
    expect(csv).not.toContain('shelved-game,tidewrack-1998');
  });

  it('carries the member’s ratings in the JSON and the CSV, and none of another member’s', async () => {
    const rate = (game: string, score: number, uid = 'libana') =>
      call(`/api/games/${game}/rating`, { method: 'PUT', uid, json: { score } });
    expect((await rate('quillfen-odyssey', 8)).status).toBe(200);
    expect((await rate('tidewrack-1998', 3, 'libben')).status).toBe(200);
    const data = await (await exportOf('libana')).json<LibraryExport>();
    expect(data.ratings.map(({ id, score }) => ({ id, score }))).toEqual([
      { id: 'quillfen-odyssey', score: 8 },
    ]);
    const csv = await (await exportOf('libana', 'csv')).text();
    expect(csv).toMatch(/\r\nrated-game,quillfen-odyssey,,,[^,]+,8\r\n/);
    expect(csv).not.toContain('rated-game,tidewrack-1998');
  });

  it('never holds another member’s data, and answers 401 to a visitor', async () => {
    const text = await (await exportOf('libana')).text();
    expect(text).not.toContain('from libben');
    expect(text).not.toContain('Ben’s own words');
    expect(text).not.toContain('libben comments');
    expect(text).not.toContain('"tidewrack"');
    expect((await call('/api/library/export')).status).toBe(401);
    // The uid comes from the token alone: a query naming someone else changes nothing.
    const other = await call('/api/library/export?uid=libben&format=json', { uid: 'libana' });
    expect((await other.json<LibraryExport>()).member.uid).toBe('libana');
  });

  it('downloads CSV with one row per item, formulas defused, and refuses unknown formats', async () => {
    const response = await exportOf('libana', 'csv');
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toMatch(/\.csv"$/);
    const lines = (await response.text()).split('\r\n');
    expect(lines[0]).toBe('type,id,name,steam_appid,time,on');
    expect(lines.map((line) => line.split(',')[0])).toEqual(
      expect.arrayContaining([
        'followed-game',
        'followed-member',
        'post',
        'comment',
        'like',
        'suggestion-no',
        'blocked-game',
      ]),
    );
    expect(lines.find((line) => line.startsWith('post,'))).toContain(
      `,"'=cmd|' /C calc'!A0, ""hi"" from libana",`,
    );
    expect((await exportOf('libana', 'xml')).status).toBe(400);
  });

  it('keeps the CSV to its member too: 401 to a visitor, 400 to a format asked twice, nothing in either', async () => {
    const visitor = await call('/api/library/export?format=csv');
    expect(visitor.status).toBe(401);
    expect(await visitor.text()).not.toContain('libana');
    const twice = await call('/api/library/export?format=csv&format=json', { uid: 'libana' });
    expect(twice.status).toBe(400);
    const refused = await twice.json<{ error: { code: string; fields?: Record<string, string> } }>();
    expect(refused.error.code).toBe('invalid-input');
    expect(refused.error.fields).toHaveProperty('format');
  });

  it('is read back by the import: the same games, matched for certain, with their shelves and scores', async () => {
    for (const format of ['json', 'csv']) {
      const file = parseLibraryFile(await (await exportOf('libana', format)).text());
      expect(file).toMatchObject({ ok: true, kind: 'questline' });
      const matches = await match(file.ok ? file.entries : []);
      const read = matches
        .map((found, index) => ({
          game: found.status === 'certain' ? found.game.id : found.status,
          ...(file.ok ? file.marks[index] : {}),
        }))
        .sort((a, b) => (a.game < b.game ? -1 : 1));
      expect(read).toEqual([
        { game: 'brassmoor-lantern', follow: true },
        { game: 'brassmoor-lantern-ii', follow: false, shelf: 'dropped' },
        { game: 'quillfen-odyssey', follow: false, shelf: 'played', score: 8 },
      ]);
    }
  });

  it('round-trips: an export brought in by another member gives them the same shelves and ratings', async () => {
    const file = parseLibraryFile(await (await exportOf('libana', 'csv')).text());
    if (!file.ok) throw new Error(file.message);
    const matches = await match(file.entries);
    const games = matches.flatMap((found, index) => {
      const mark = file.marks[index];
      return found.status === 'certain' && (mark?.shelf !== undefined || mark?.score !== undefined)
        ? [{ gameId: found.game.id, shelf: mark.shelf, score: mark.score }]
        : [];
    });
    const shelved = await call('/api/library/shelves', {
      method: 'POST',
      uid: 'libdan',
      json: { overwrite: false, games },
    });
    expect(shelved.status).toBe(200);
    const [ana, dan] = await Promise.all(
      ['libana', 'libdan'].map(async (uid) => (await exportOf(uid)).json<LibraryExport>()),
    );
    const standing = (data: LibraryExport | undefined) => ({
      shelves: data?.shelves.map(({ id, status }) => ({ id, status })).sort((a, b) => (a.id < b.id ? -1 : 1)),
      ratings: data?.ratings.map(({ id, score }) => ({ id, score })),
    });
    expect(standing(dan)).toEqual(standing(ana));
    expect(standing(dan).shelves).toHaveLength(2);
    // The games' counts moved by Dan's shelves and score: two members on each now.
    expect(await db.get('games/quillfen-odyssey/ratings')).toEqual({ count: 2, sum: 16, s8: 2 });
    expect(await db.get('games/quillfen-odyssey/shelves')).toEqual({ played: 2 });
  });

  it('carries the member’s reviews in the JSON and the CSV; the import reads them as no game of the library', async () => {
    const written = await call('/api/games/quillfen-odyssey/review', {
      method: 'PUT',
      uid: 'libana',
      json: { text: '=HYPERLINK("x"), one more voyage' },
    });
    expect(written.status).toBe(200);
    const data = await (await exportOf('libana')).json<LibraryExport>();
    expect(data.reviews.map(({ id, text }) => ({ id, text }))).toEqual([
      { id: 'quillfen-odyssey', text: '=HYPERLINK("x"), one more voyage' },
    ]);
    expect(data.reviews[0]?.at).toBeGreaterThan(0);
    const post = data.reviews[0]?.post ?? '';
    // The review is one of the member's posts too.
    expect(data.posts.map(({ id }) => id)).toContain(post);
    const csv = await (await exportOf('libana', 'csv')).text();
    expect(csv).toContain(`\r\nreviewed-game,quillfen-odyssey,"'=HYPERLINK(""x""), one more voyage",,`);
    expect(csv).toMatch(new RegExp(`,${post}\\r\\n`));
    // Read back, the file's games and marks are those of its follows, shelves and ratings alone.
    for (const format of ['json', 'csv']) {
      const file = parseLibraryFile(await (await exportOf('libana', format)).text());
      if (!file.ok) throw new Error(file.message);
      expect(file.marks.filter((mark) => Object.keys(mark).some((key) => key.startsWith('review')))).toEqual(
        [],
      );
      expect(file.entries.map(({ id }) => id).sort()).toEqual([
        'brassmoor-lantern',
        'brassmoor-lantern-ii',
        'quillfen-odyssey',
      ]);
    }
  });
});
