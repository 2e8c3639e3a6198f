import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { ownerDatabase, runTag, testEnv, testGame } from '../test-support/test-database.ts';

// A member's own shelves, scores and taste in common are theirs: every answer that carries them says
// `private, no-store`, as the member's other answers do (me, feed, browse, the export), so that no cache on
// the way keeps them, nor the browser of a shared computer once its member signed out.
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
const call = apiCaller(env, createApp());
const run = runTag();
const ANA = `pv-ana-${run}`;
const BEN = `pv-ben-${run}`;
const GAME = `own-answers-${run.toLowerCase()}`;

beforeAll(async () => {
  await db.patch('', {
    [`games/${GAME}`]: testGame(GAME, 'Own Answers'),
    [`users/${ANA}/public`]: { uuid: ANA, username: `u_pva_${run}` },
    [`users/${BEN}/public`]: { uuid: BEN, username: `u_pvb_${run}` },
  });
  const rated = await call(`/api/games/${GAME}/rating`, { method: 'PUT', uid: ANA, json: { score: 9 } });
  expect(rated.status).toBe(200);
});

describe('a member’s own shelves, scores and taste', () => {
  it.each([
    ['their shelf of a game', `/api/games/${GAME}/status`],
    ['their score of a game', `/api/games/${GAME}/rating`],
    ['their shelves of a page’s games', `/api/shelves/mine?ids=${GAME}`],
    ['their taste in common with a member', `/api/users/${BEN}/taste`],
    ['where their games stand, for an import', '/api/library/shelves'],
  ])('%s is kept by no cache', async (_what, path) => {
    const answer = await call(path, { uid: ANA });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Cache-Control')).toBe('private, no-store');
    await answer.body?.cancel();
  });
});
