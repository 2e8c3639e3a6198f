import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { z } from 'zod';
import { usernameSchema } from '../shared/schemas/user.ts';
import { newPostRequestSchema } from '../shared/schemas/post.ts';
import { newCommentRequestSchema } from '../shared/schemas/post-comment.ts';
import { profileUpdateRequestSchema } from '../shared/schemas/profile.ts';
import { searchQuerySchema } from '../shared/schemas/search.ts';
import { developerGameUpdateSchema } from '../shared/schemas/developer-game.ts';
import { newDeveloperEventSchema } from '../shared/schemas/developer-event.ts';
import { editorListSchema } from '../shared/schemas/editor-list.ts';
import { libraryMatchRequestSchema } from '../shared/schemas/library-match.ts';
import type { ApiErrorBody } from '../shared/errors.ts';
import { createApp } from './app.ts';
import { unsignedEmulatorToken } from './auth/id-token-test-keys.ts';
import { apiCaller } from './test-support/api-request.ts';
import { NAUGHTY_STRINGS } from './test-support/naughty-strings.ts';
import { ownerDatabase, testEnv, testGame } from './test-support/test-database.ts';
import { deepLinkSchema } from '../shared/schemas/keys.ts';

// Hostile input (issue 14, point 5): every string of the Big List of Naughty Strings through every field a
// member types into, in-process against the real database emulator and search function. Each must be
// answered without a 5xx: either a 400 in the API's error shape (and only for text the field's own schema
// refuses), or stored and read back exactly as typed (less surrounding white space, which every text
// field trims on purpose, and an optional text that shows nothing, which is none). A write's answer is the database's own (a post or comment is what its PATCH
// answered it stored, shared/rtdb/written-value.ts; other writes read theirs back), so it is what is compared; lists are read back in one read at the end. The browser's side (no script runs,
// the text shows as typed) is tests/e2e/hostile-input.spec.ts.

const env = testEnv({ FIREBASE_EMULATORS: 'true', FUNCTIONS_BASE_URL: inject('searchFunctionsBaseUrl') });
const db = ownerDatabase(env);
const app = createApp();
/** Requests to the app, in workerd, each waiting for the work it left behind. */
const request = apiCaller(env, app);

/** One member or address per string: the abuse limits count per member and per address, not per test. */
const member = (field: string, index: number) => `hi-${field}-${String(index)}`;

interface Answer {
  status: number;
  body: string;
  json: unknown;
}

/** An address of its own for each member: writes are limited per address as well as per member. */
function addressOf(uid: string | undefined): string {
  let hash = 0;
  for (const char of uid ?? '') hash = (hash * 31 + char.charCodeAt(0)) % 250;
  return `192.0.2.${String(hash)}`;
}

/** One API call as `uid` (a signed-in member with an e-mail address) from an address of its own. */
async function call(
  path: string,
  init: { method?: string; uid?: string; json?: unknown; address?: string } = {},
): Promise<Answer> {
  const response = await request(path, {
    ...(init.method ? { method: init.method } : {}),
    ...(init.json === undefined ? {} : { json: init.json }),
    ...(init.uid
      ? {
          token: unsignedEmulatorToken(init.uid, {
            email: `${init.uid}@example.com`,
            email_verified: false,
            firebase: { sign_in_provider: 'password', identities: {} },
          }),
        }
      : {}),
    address: init.address ?? addressOf(init.uid),
  });
  const body = await response.text();
  let json: unknown = undefined;
  try {
    json = JSON.parse(body);
  } catch {
    // A page, not JSON.
  }
  return { status: response.status, body, json };
}

/** Runs `each` over the corpus a few at a time (the machine has two cores), in the corpus's order of results. */
async function throughCorpus<T>(each: (text: string, index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(NAUGHTY_STRINGS.length);
  let next = 0;
  const worker = async () => {
    while (next < NAUGHTY_STRINGS.length) {
      const index = next++;
      results[index] = await each(NAUGHTY_STRINGS[index] ?? '', index);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return results;
}

/**
 * The answer to one string: never a 5xx; a refusal only as the product's 400 with a message per field,
 * and only where `schema` refuses `body` too (the same schema validates in the browser). Answers whether
 * the text was taken.
 */
function taken(answer: Answer, what: string, schema: z.ZodType, body: unknown): boolean {
  expect(answer.status, `${what}: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
  if (answer.status < 300) return true;
  expect(answer.status, `${what}: ${answer.body.slice(0, 300)}`).toBe(400);
  const error = (answer.json as ApiErrorBody).error;
  expect(error.code, what).toBe('invalid-input');
  expect(error.message.length, what).toBeGreaterThan(0);
  expect(schema.safeParse(body).success, `${what} was refused although its schema takes it`).toBe(false);
  return false;
}

/** Counts of what the corpus did to a field, to show that both ways were taken. */
function tally(outcomes: boolean[]): { taken: number; refused: number } {
  return {
    taken: outcomes.filter(Boolean).length,
    refused: outcomes.filter((outcome) => !outcome).length,
  };
}

let postId = '';

beforeAll(async () => {
  const roles: Record<string, unknown> = {};
  NAUGHTY_STRINGS.forEach((_text, index) => {
    const developer = member('dev', index);
    roles[`users/${developer}/public`] = { uuid: developer, username: `hi_dev_${String(index)}`, follows: 0 };
    roles[`users/${developer}/readOnly`] = { created: 1, modified: 1, isDeveloper: true };
    roles[`users/${developer}/developer/developerGames/hi-game-${String(index)}`] = true;
    roles[`games/hi-game-${String(index)}`] = testGame(
      `hi-game-${String(index)}`,
      `Hostile ${String(index)}`,
    );
    // Posts, comments and profile edits need a member record (worker/auth/require-member.ts).
    for (const field of ['post', 'comment', 'profile'])
      roles[`users/${member(field, index)}/public/username`] = `hi_${field}_${String(index)}`;
    const editor = member('editor', index);
    roles[`users/${editor}/public`] = { uuid: editor, username: `hi_editor_${String(index)}`, follows: 0 };
    roles[`users/${editor}/admin/auth`] = true;
  });
  await db.patch('', {
    'games/hi-portal': testGame('hi-portal', 'Hostile Portal', 10),
    'users/hi-rosa/public': { uuid: 'hi-rosa', username: 'hi_rosa', follows: 0 },
    ...roles,
  });
  const made = await call('/api/posts', {
    method: 'POST',
    uid: 'hi-rosa',
    json: { targetType: 'game', targetId: 'hi-portal', content: 'Say anything.' },
  });
  expect(made.status).toBe(201);
  postId = (made.json as { post: { uuid: string } }).post.uuid;
});

// Each test sends the whole list (461 strings): more time than one request's worth on a busy machine.
describe('every naughty string', { timeout: 120_000 }, () => {
  it('as a username at sign-up: registered as typed, or refused with a clear 400', async () => {
    const outcomes = await throughCorpus(async (username, index) => {
      const uid = member('signup', index);
      const answer = await call('/api/accounts', {
        method: 'POST',
        uid,
        json: { username },
        address: `198.51.100.${String(index % 250)}`,
      });
      // Two strings of the list may be one name told apart only by case: the second is in use.
      if (answer.status === 409) {
        expect((answer.json as ApiErrorBody).error.code).toBe('username-in-use');
        return true;
      }
      if (!taken(answer, `username ${JSON.stringify(username)}`, usernameSchema, username)) return false;
      expect((answer.json as { public: { username: string } }).public.username).toBe(username);
      return true;
    });
    expect(tally(outcomes).taken).toBeGreaterThan(10);
  });

  it('as a post: stored and read back as typed, or refused with a clear 400', async () => {
    const outcomes = await throughCorpus(async (content, index) => {
      const body = { targetType: 'game', targetId: 'hi-portal', content };
      const answer = await call('/api/posts', { method: 'POST', uid: member('post', index), json: body });
      if (!taken(answer, `post ${JSON.stringify(content)}`, newPostRequestSchema, body)) return false;
      expect((answer.json as { post: { content: string } }).post.content).toBe(content.trim());
      return true;
    });
    expect(tally(outcomes).taken).toBeGreaterThan(400);
  });

  it('as a comment: stored and read back as typed, or refused with a clear 400', async () => {
    const outcomes = await throughCorpus(async (content, index) => {
      const answer = await call(`/api/comments/posts/${postId}`, {
        method: 'POST',
        uid: member('comment', index),
        json: { content },
      });
      if (!taken(answer, `comment ${JSON.stringify(content)}`, newCommentRequestSchema, { content }))
        return false;
      expect((answer.json as { comment: { content: string } }).comment.content).toBe(content.trim());
      return true;
    });
    expect(tally(outcomes).taken).toBeGreaterThan(400);
  });

  it('as a profile’s brief and details: stored and read back as typed, or refused with a clear 400', async () => {
    const outcomes = await throughCorpus(async (text, index) => {
      const uid = member('profile', index);
      const body = { brief: text, details: text };
      const answer = await call(`/api/profiles/${uid}`, { method: 'PATCH', uid, json: body });
      if (!taken(answer, `profile ${JSON.stringify(text)}`, profileUpdateRequestSchema, body)) return false;
      // As the schema keeps them: trimmed, and none when nothing in them shows (shared/schemas/member-text.ts).
      const kept = profileUpdateRequestSchema.parse(body);
      expect((answer.json as { profile: { brief: string; details: string } }).profile).toMatchObject({
        brief: kept.brief,
        details: kept.details,
      });
      return true;
    });
    expect(tally(outcomes).taken).toBeGreaterThan(400);
  });

  it('as a search: answered, or refused with a clear 400', async () => {
    const outcomes = await throughCorpus(async (q, index) => {
      const answer = await call(`/api/search?q=${encodeURIComponent(q)}`, {
        address: `203.0.113.${String(index % 250)}`,
      });
      if (!taken(answer, `search ${JSON.stringify(q)}`, searchQuerySchema, { q })) return false;
      expect((answer.json as { success: boolean }).success).toBe(true);
      return true;
    });
    expect(tally(outcomes).taken).toBeGreaterThan(400);
  });

  it('as a developer’s game description: stored and read back as typed, or refused with a clear 400', async () => {
    const outcomes = await throughCorpus(async (description, index) => {
      const body = { description };
      const answer = await call(`/api/developer/games/hi-game-${String(index)}`, {
        method: 'PATCH',
        uid: member('dev', index),
        json: body,
      });
      if (!taken(answer, `description ${JSON.stringify(description)}`, developerGameUpdateSchema, body))
        return false;
      expect((answer.json as { game: { content: { description: string } } }).game.content.description).toBe(
        description.trim(),
      );
      return true;
    });
    expect(tally(outcomes).taken).toBeGreaterThan(400);
  });

  it('as a developer’s event name: created with a valid address and the name as typed, or refused', async () => {
    const outcomes = await throughCorpus(async (name, index) => {
      const body = {
        name,
        starts_on: '2031-06-10',
        ends_on: '2031-06-12',
        games: [`hi-game-${String(index)}`],
      };
      const answer = await call('/api/developer/events', {
        method: 'POST',
        uid: member('dev', index),
        json: body,
      });
      if (!taken(answer, `event ${JSON.stringify(name)}`, newDeveloperEventSchema, body)) return false;
      const { event } = answer.json as { event: { name: string; deeplink_url_code: string } };
      expect(event.name).toBe(name.trim());
      // The address is made from the name: whatever the name, it is one the event page takes.
      expect(deepLinkSchema.safeParse(event.deeplink_url_code).success, event.deeplink_url_code).toBe(true);
      return true;
    });
    expect(tally(outcomes).taken).toBeGreaterThan(400);
  });

  it('as an editor’s list name, description and collection: saved and read back as typed, or refused', async () => {
    const outcomes = await throughCorpus(async (text, index) => {
      const code = `hi-list-${String(index)}`;
      const list = { name: text, description: text, collections: [{ name: text, games: ['hi-portal'] }] };
      const answer = await call(`/api/editor/lists/${code}`, {
        method: 'PUT',
        uid: member('editor', index),
        json: { ...list, revision: null },
      });
      return taken(answer, `list ${JSON.stringify(text)}`, editorListSchema, list);
    });
    expect(tally(outcomes).taken).toBeGreaterThan(400);
    const saved = (await db.get('lists')) as Record<
      string,
      { name: string; description?: string; games: Record<string, { name: string }> }
    >;
    NAUGHTY_STRINGS.forEach((text, index) => {
      if (!outcomes[index]) return;
      const list = saved[`hi-list-${String(index)}`];
      expect(list?.name, JSON.stringify(text)).toBe(text.trim());
      expect(list?.description ?? '', JSON.stringify(text)).toBe(text.trim());
      expect(Object.values(list?.games ?? {})[0]?.name, JSON.stringify(text)).toBe(text.trim());
    });
  });

  it('as a game’s name in a library import: matched or not, or refused with a clear 400', async () => {
    const outcomes = await throughCorpus(async (name, index) => {
      const body = { entries: [{ name }] };
      const answer = await call('/api/library/match', {
        method: 'POST',
        uid: member('library', index),
        json: body,
      });
      if (!taken(answer, `library name ${JSON.stringify(name)}`, libraryMatchRequestSchema, body))
        return false;
      expect((answer.json as { matches: unknown[] }).matches).toHaveLength(1);
      return true;
    });
    expect(tally(outcomes).taken).toBeGreaterThan(400);
  });
});
