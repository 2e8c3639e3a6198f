import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../shared/errors.ts';
import { createApp } from '../app.ts';
import { memberToken } from '../test-support/api-request.ts';
import { ownerDatabase, testEnv, testGame } from '../test-support/test-database.ts';

// A write's body is JSON. What a hostile or careless caller sends instead (a string posted as
// sendBeacon's text/plain, a form, no type at all, broken JSON) is refused as invalid input in the API's
// envelope, with words to show, and nothing is written: as before the routes' definitions, whose
// validators answer such bodies with a bare 415 or 400 in the library's words.

const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
const app = createApp();
const GAME = 'json-bodies-game';
const POST = '-JsonBodiesPost00001';

/** Sends `body` as it is, with `type` as its Content-Type (none when null), as the member `uid` if given. */
async function send(path: string, body: string, type: string | null, uid?: string) {
  const headers = new Headers();
  if (type !== null) headers.set('Content-Type', type);
  if (uid) headers.set('Authorization', `Bearer ${memberToken(uid)}`);
  const ctx = createExecutionContext();
  const response = await app.request(
    `http://questline.test${path}`,
    { method: 'POST', headers, body },
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

/** `valid` sent in ways that are not JSON, each with the Content-Type it comes with (null: none). */
function notJson(valid: Record<string, string>): [string, string, string | null][] {
  const text = JSON.stringify(valid);
  return [
    ['JSON text posted as sendBeacon posts a string', text, 'text/plain;charset=UTF-8'],
    ['a form', new URLSearchParams(valid).toString(), 'application/x-www-form-urlencoded'],
    ['JSON text with no type at all', text, null],
    ['broken JSON', text.slice(0, -1), 'application/json'],
  ];
}

beforeAll(async () => {
  await db.patch('', {
    [`games/${GAME}`]: testGame(GAME, 'JSON Bodies', 1),
    'users/jb_ana/public': { uuid: 'jb_ana', username: 'jb_ana', follows: 0 },
    [`posts/${POST}`]: {
      uuid: POST,
      targetUUID: GAME,
      targetType: 'game',
      sourceUUID: 'jb_ana',
      content: 'A post to comment on',
      type: 'text',
      likes: 0,
      timestamp: 1_900_000_000_000,
    },
  });
});

async function expectInvalidInput(response: Response, what: string) {
  expect(response.status, what).toBe(400);
  expect(response.headers.get('Content-Type'), what).toMatch(/^application\/json/);
  const { error } = await response.json<ApiErrorBody>();
  expect(error.code, what).toBe('invalid-input');
  expect(error.message, what).toMatch(/\w/);
  // The library's own words (`Unsupported Media Type`, `Malformed JSON in request body`) are not ours.
  expect(error.message, what).not.toMatch(/Unsupported Media Type|Malformed/);
}

describe('a body that is not JSON', () => {
  it('is refused as invalid input by a post, and no post is written', async () => {
    for (const [what, body, type] of notJson({ targetType: 'game', targetId: GAME, content: 'Hi' }))
      await expectInvalidInput(await send('/api/posts', body, type, 'jb_ana'), what);
    expect(await db.get(`posts_by_id/${GAME}`)).toBeNull();
  });

  it('is refused as invalid input by a comment, and no comment is written', async () => {
    for (const [what, body, type] of notJson({ content: 'Hi' }))
      await expectInvalidInput(await send(`/api/comments/posts/${POST}`, body, type, 'jb_ana'), what);
    expect(await db.get(`posts/${POST}/comments`)).toBeNull();
  });

  it('is refused as invalid input by a page view, and no view is recorded', async () => {
    for (const [what, body, type] of notJson({ path: '/game/hades' }))
      await expectInvalidInput(await send('/api/page-views', body, type), what);
    expect(await db.get('logs/page_views')).toBeNull();
  });

  it('from a signed-out caller is answered 401 first, as any input of theirs', async () => {
    const response = await send('/api/posts', 'content=hi', 'text/plain');
    expect(response.status).toBe(401);
    expect((await response.json<ApiErrorBody>()).error.code).toBe('unauthenticated');
  });
});
