import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../shared/errors.ts';
import { CONTROL_CHARACTERS_MESSAGE, OPEN_DIRECTION_MESSAGE } from '../../shared/schemas/member-text.ts';
import { createApp } from '../app.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { ownerDatabase, runTag, testEnv, testGame } from '../test-support/test-database.ts';

// Text that shows nothing, in workerd against the database emulator: a post, comment, review or profile
// made only of invisible or control characters would be an empty-looking entry in others' feeds, and a
// direction override left open would turn around what the page shows after it (the author, the time).
// Each is refused with 400 `invalid-input` and the field's sentence and writes nothing (or, for an
// optional profile field, is taken as none); text in any script, emoji sequences and line breaks go through.
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
const call = apiCaller(env, createApp());

const run = runTag();
const GAME = `visible-text-game-${run.toLowerCase()}`;
const HOSTILE = `vt-hostile-${run}`;
const WRITER = `vt-writer-${run}`;

const EMPTY = 'Write something first.';
/** What a hostile member sends, and the sentence it is answered with where text is required. */
const HOSTILE_TEXTS: [what: string, text: string, sentence: string][] = [
  ['a NUL and a right-to-left override', '\u0000\u202e', CONTROL_CHARACTERS_MESSAGE],
  ['a zero-width space', '\u200b', EMPTY],
  ['word joiners around a space', '\u2060 \u2060', EMPTY],
  ['a byte-order mark and zero-width joiners', '\ufeff\u200d\u200d', EMPTY],
  ['a lone right-to-left override', '\u202e', EMPTY],
  ['Hangul fillers', '\u3164\u3164', EMPTY],
  ['the blank braille pattern', '\u2800', EMPTY],
  ['a right-to-left override left open after words', 'Great game \u202e', OPEN_DIRECTION_MESSAGE],
  ['an isolate closed on the next line', '\u2067first\nsecond\u2069', OPEN_DIRECTION_MESSAGE],
  ['a terminal escape sequence', '\u001b[2Jcleared', CONTROL_CHARACTERS_MESSAGE],
  ['a carriage return alone', 'over\rwritten', CONTROL_CHARACTERS_MESSAGE],
  ['half a surrogate pair', 'broken \ud83d', CONTROL_CHARACTERS_MESSAGE],
];

/** Text members write in their own scripts and signs, as sent and as kept. */
const LEGITIMATE_TEXTS: [what: string, text: string, kept: string][] = [
  ['emoji joined by ZWJ', 'Co-op night 👩‍💻👨‍👩‍👧 🏳️‍🌈', 'Co-op night 👩‍💻👨‍👩‍👧 🏳️‍🌈'],
  ['a region flag of tag characters', 'Made in 🏴󠁧󠁢󠁳󠁣󠁴󠁿', 'Made in 🏴󠁧󠁢󠁳󠁣󠁴󠁿'],
  ['Arabic', 'لعبة رائعة جدا', 'لعبة رائعة جدا'],
  ['Persian with ZWNJ', 'می‌خواهم بازی کنم', 'می‌خواهم بازی کنم'],
  ['Hindi with ZWNJ', 'क्‌ष बहुत अच्छा खेल', 'क्‌ष बहुत अच्छा खेल'],
  ['lines and a tab, sent with Windows line breaks', ' One\r\ntwo\n\tthree ', 'One\ntwo\n\tthree'],
  ['a name isolated in its own direction', 'GG \u2067محمد\u2069!', 'GG \u2067محمد\u2069!'],
];

beforeAll(async () => {
  await db.patch('', {
    [`games/${GAME}`]: testGame(GAME, 'Visible Text'),
    [`users/${HOSTILE}/public`]: { uuid: HOSTILE, username: `vt_h_${run}`, follows: 0 },
    [`users/${WRITER}/public`]: { uuid: WRITER, username: `vt_w_${run}`, follows: 0 },
    [`profiles/${HOSTILE}`]: {
      sourceUUID: HOSTILE,
      brief: 'Before.',
      details: 'Still before.',
      disabled: false,
    },
  });
});

/** Expects a refusal of `field` with `sentence`, in the API's envelope. */
async function expectRefused(response: Response, field: string, sentence: string, what: string) {
  expect(response.status, what).toBe(400);
  const { error } = await response.json<ApiErrorBody>();
  expect(error.code, what).toBe('invalid-input');
  expect(error.fields?.[field], what).toBe(sentence);
}

async function newPost(content: string) {
  const response = await call('/api/posts', {
    method: 'POST',
    uid: WRITER,
    json: { targetType: 'game', targetId: GAME, content },
  });
  expect(response.status).toBe(201);
  return (await response.json<{ post: { uuid: string; content: string } }>()).post;
}

describe('a post', () => {
  it('of invisible or control characters, or with a direction left open, is refused and not written', async () => {
    for (const [what, content, sentence] of HOSTILE_TEXTS) {
      const response = await call('/api/posts', {
        method: 'POST',
        uid: HOSTILE,
        json: { targetType: 'game', targetId: GAME, content },
      });
      await expectRefused(response, 'content', sentence, what);
    }
    expect(await db.get(`posts_by_uid/${HOSTILE}`)).toBeNull();
  });

  it('in any script, with emoji sequences and line breaks, is kept as written', async () => {
    for (const [what, text, kept] of LEGITIMATE_TEXTS) {
      const post = await newPost(text);
      expect(post.content, what).toBe(kept);
      expect(await db.get(`posts/${post.uuid}/content`), what).toBe(kept);
    }
  });
});

describe('a comment', () => {
  it('of invisible or control characters, or with a direction left open, is refused and not written', async () => {
    const post = await newPost('Comment on this.');
    for (const [what, content, sentence] of HOSTILE_TEXTS) {
      const response = await call(`/api/comments/posts/${post.uuid}`, {
        method: 'POST',
        uid: HOSTILE,
        json: { content },
      });
      await expectRefused(response, 'content', sentence, what);
    }
    expect(await db.get(`posts/${post.uuid}/comments`)).toBeNull();
  });

  it('in any script, with emoji sequences and line breaks, is kept as written', async () => {
    const post = await newPost('Say it your way.');
    for (const [what, content, kept] of LEGITIMATE_TEXTS) {
      const response = await call(`/api/comments/posts/${post.uuid}`, {
        method: 'POST',
        uid: WRITER,
        json: { content },
      });
      expect(response.status, what).toBe(201);
      const { comment } = await response.json<{ comment: { uuid: string; content: string } }>();
      expect(comment.content, what).toBe(kept);
      expect(await db.get(`comments/${comment.uuid}/content`), what).toBe(kept);
    }
  });
});

describe('a review', () => {
  const review = (uid: string, text: string) =>
    call(`/api/games/${GAME}/review`, { method: 'PUT', uid, json: { text } });

  it('of invisible or control characters, or with a direction left open, is refused and not written', async () => {
    for (const [what, text, sentence] of HOSTILE_TEXTS) {
      await expectRefused(await review(HOSTILE, text), 'text', sentence, what);
    }
    expect(await db.get(`reviews_by_userid/${HOSTILE}`)).toBeNull();
    expect(await db.get(`posts_by_uid/${HOSTILE}`)).toBeNull();
  });

  it('in any script, with emoji sequences and line breaks, is kept as written', async () => {
    for (const [what, text, kept] of LEGITIMATE_TEXTS) {
      const response = await review(WRITER, text);
      expect(response.status, what).toBe(200);
      const written = await response.json<{ review: { uuid: string; content: string } }>();
      expect(written.review.content, what).toBe(kept);
      expect(await db.get(`posts/${written.review.uuid}/content`), what).toBe(kept);
    }
  });
});

describe('a profile', () => {
  const change = (uid: string, json: unknown) => call(`/api/profiles/${uid}`, { method: 'PATCH', uid, json });

  it('with control characters or a direction left open is refused and left as it was', async () => {
    for (const [what, text, sentence] of HOSTILE_TEXTS) {
      if (sentence === EMPTY) continue;
      await expectRefused(await change(HOSTILE, { brief: text }), 'brief', sentence, what);
      await expectRefused(await change(HOSTILE, { details: text }), 'details', sentence, what);
    }
    expect(await db.get(`profiles/${HOSTILE}`)).toMatchObject({ brief: 'Before.', details: 'Still before.' });
  });

  it('whose brief or details show nothing has none, as when they are emptied', async () => {
    for (const [what, text, sentence] of HOSTILE_TEXTS) {
      if (sentence !== EMPTY) continue;
      await db.patch(`profiles/${HOSTILE}`, { brief: 'Before.', details: 'Still before.' });
      const response = await change(HOSTILE, { brief: text, details: text });
      expect(response.status, what).toBe(200);
      expect(await db.get(`profiles/${HOSTILE}`), what).toMatchObject({ brief: '', details: '' });
    }
  });

  it('in any script, with emoji sequences and line breaks, is kept as written', async () => {
    for (const [what, text, kept] of LEGITIMATE_TEXTS) {
      const response = await change(WRITER, { brief: text, details: text });
      expect(response.status, what).toBe(200);
      expect(await db.get(`profiles/${WRITER}`), what).toMatchObject({ brief: kept, details: kept });
    }
  });
});
