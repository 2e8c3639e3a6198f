import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { unsignedEmulatorToken } from '../auth/id-token-test-keys.ts';
import { ownerDatabase, testEnv, testGame } from '../test-support/test-database.ts';
import { MAX_REQUEST_BODY_BYTES } from './index.ts';

// Request bodies past the API's limit, and member-set addresses, against the database emulator.
const env = testEnv();
const db = ownerDatabase(env);
const app = createApp();
const bearer = `Bearer ${unsignedEmulatorToken('ana', { firebase: { sign_in_provider: 'password', identities: {} } })}`;

async function send(path: string, init: RequestInit): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`http://questline.test${path}`, init), env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** A body sent in chunks with no Content-Length, as a streaming client would. */
function chunkedBody(text: string, chunkBytes = 1024): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(offset, offset + chunkBytes));
      offset += chunkBytes;
    },
  });
}

const tooLarge = { error: { code: 'payload-too-large', message: 'This request is too large.' } };
const oversizedPost = JSON.stringify({ targetType: 'game', targetId: 'hades', content: 'x'.repeat(20_000) });

beforeAll(async () => {
  await db.patch('', {
    'games/hades': testGame('hades', 'Hades', 10),
    'users/ana/public': { uuid: 'ana', username: 'ana_roguelites', follows: 0 },
  });
});

describe('request body limit', () => {
  it('still takes the largest post a member can write (2,000 characters of a non-Latin script)', async () => {
    const body = JSON.stringify({ targetType: 'game', targetId: 'hades', content: 'ゲ'.repeat(2000) });
    expect(new TextEncoder().encode(body).length).toBeLessThan(MAX_REQUEST_BODY_BYTES);
    const response = await send('/api/posts', {
      method: 'POST',
      headers: { Authorization: bearer, 'Content-Type': 'application/json' },
      body,
    });
    expect(response.status).toBe(201);
  });

  it('answers 413 in the error envelope to a declared Content-Length over 16 KiB, writing nothing', async () => {
    const postsBefore = await db.get('posts');
    const response = await send('/api/posts', {
      method: 'POST',
      headers: { Authorization: bearer, 'Content-Type': 'application/json' },
      body: oversizedPost,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(tooLarge);
    expect(await db.get('posts')).toEqual(postsBefore);
  });

  it('answers 413 to a chunked body without Content-Length once it passes 16 KiB, writing nothing', async () => {
    const postsBefore = await db.get('posts');
    const request = new Request('http://questline.test/api/posts', {
      method: 'POST',
      headers: { Authorization: bearer, 'Content-Type': 'application/json' },
      body: chunkedBody(oversizedPost),
    });
    expect(request.headers.has('content-length')).toBe(false);
    const ctx = createExecutionContext();
    const response = await app.fetch(request, env, ctx);
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(tooLarge);
    expect(await db.get('posts')).toEqual(postsBefore);
  });

  it('lets a small chunked body through', async () => {
    const response = await send('/api/page-views', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: chunkedBody(JSON.stringify({ path: '/game/hades' }), 4),
    });
    expect(response.status).toBe(204);
  });

  it('bounds endpoints that need no sign-in too (page views), before anything is recorded', async () => {
    const viewsBefore = await db.get('logs/page_views');
    for (const body of [
      JSON.stringify({ path: `/${'a'.repeat(MAX_REQUEST_BODY_BYTES)}` }),
      chunkedBody(JSON.stringify({ path: `/${'a'.repeat(MAX_REQUEST_BODY_BYTES)}` })),
    ]) {
      const response = await send('/api/page-views', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual(tooLarge);
    }
    expect(await db.get('logs/page_views')).toEqual(viewsBefore);
  });
});

describe('profile header address', () => {
  async function changeHeader(header: string) {
    return send('/api/profiles/ana', {
      method: 'PATCH',
      headers: { Authorization: bearer, 'Content-Type': 'application/json' },
      body: JSON.stringify({ header }),
    });
  }

  it.each(['javascript:alert(document.cookie)', 'http://images.example/h.png', 'data:image/png;base64,AAAA'])(
    'refuses %s with 400 on the field, changing nothing',
    async (header) => {
      const response = await changeHeader(header);
      expect(response.status).toBe(400);
      const body = await response.json<{ error: { code: string; fields?: Record<string, string> } }>();
      expect(body.error.code).toBe('invalid-input');
      expect(body.error.fields?.header).toBe('An https:// web address.');
      expect(await db.get('profiles/ana/header')).toBeNull();
      expect(await db.get('users/ana/public/header')).toBeNull();
    },
  );

  it('takes an https address', async () => {
    const response = await changeHeader('https://images.example/h.png');
    expect(response.status).toBe(200);
    expect(await db.get('users/ana/public/header')).toBe('https://images.example/h.png');
  });
});
