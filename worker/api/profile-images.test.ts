import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env as workerEnv } from 'cloudflare:workers';
import { decode, encode } from 'fast-png';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { unsignedEmulatorToken } from '../auth/id-token-test-keys.ts';
import { apiCaller } from '../test-support/api-request.ts';
import {
  iccpChunk,
  ihdr,
  pngChunk,
  pngChunks,
  pngFile,
  textChunk,
  withChunks,
  zlibBomb,
} from '../test-support/png-files.ts';
import { ownerDatabase, testEnv } from '../test-support/test-database.ts';

// Profile image uploads in workerd against the database emulator and Miniflare's local R2 bucket.
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
const bucket = workerEnv.PROFILE_IMAGES;
const app = createApp();
const call = apiCaller(env, app);
const run = Math.random().toString(36).slice(2, 8);
const PAINTER = `painter${run}`;
const PAINTER_NAME = `painter_${run}`;

const GUEST = `guest${run}Ab12Cd34`;
const GUEST_NAME = `web-${GUEST.slice(-8)}`;
/** A guest who changed its address at the auth provider: its record still has its `web-…` name. */
const READDRESSED_GUEST = `guest${run}Ef56Gh78`;
/** An account made straight at the auth provider, never registered: no member record at all. */
const STRANGER = `stranger${run}`;

const token = (uid: string) =>
  uid === GUEST
    ? // As anon-auth makes a guest: a custom token, and its generated address.
      unsignedEmulatorToken(uid, {
        email: `${uid.toLowerCase()}@guest.questline.invalid`,
        firebase: { sign_in_provider: 'custom', identities: {} },
      })
    : unsignedEmulatorToken(uid, {
        email: `${uid.toLowerCase()}@example.com`,
        firebase: { sign_in_provider: 'password', identities: {} },
      });

async function upload(
  path: string,
  body: BodyInit | Uint8Array | null,
  init: { uid?: string; type?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  // The DOM's BodyInit (in the Worker's program too) takes only bytes over an ArrayBuffer: copied here.
  const sent = body instanceof Uint8Array ? new Uint8Array(body) : body;
  const headers = new Headers(init.headers);
  if (init.uid) headers.set('Authorization', `Bearer ${token(init.uid)}`);
  headers.set('Content-Type', init.type ?? 'image/png');
  const ctx = createExecutionContext();
  const response = await app.request(
    `http://questline.test${path}`,
    { method: 'PUT', headers, body: sent },
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

async function get(path: string): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.request(`http://questline.test${path}`, {}, env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** A real PNG of `width`×`height` in one colour. */
function png(width: number, height: number, rgb: [number, number, number] = [200, 80, 40]): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([...rgb, 255], i);
  return encode({ width, height, data, channels: 4, depth: 8 });
}

async function messageOf(response: Response): Promise<string> {
  const body: { error: { message: string } } = await response.json();
  return body.error.message;
}

/** What must be true after any refused upload: nothing stored, the record unchanged. */
async function expectNothingStored(uid: string) {
  expect(await bucket.head(`users/${uid}/icon.png`)).toBeNull();
  expect(await bucket.head(`users/${uid}/header.png`)).toBeNull();
  expect(await db.get(`users/${uid}/public/icon`)).toBeNull();
  expect(await db.get(`users/${uid}/public/header`)).toBeNull();
}

beforeAll(async () => {
  await db.patch('', {
    'users/ana/public': { uuid: 'ana', username: 'ana_roguelites', follows: 0 },
    'users_public/ana': { username: 'ana_roguelites' },
    'users/ben/public': { uuid: 'ben', username: 'ben_pixels', follows: 0 },
    'users_public/ben': { username: 'ben_pixels' },
    [`users/${PAINTER}/public`]: { uuid: PAINTER, username: PAINTER_NAME, follows: 0 },
    [`users_public/${PAINTER}`]: { username: PAINTER_NAME },
    [`users/${GUEST}/public`]: { uuid: GUEST, username: GUEST_NAME, follows: 0 },
    [`users_public/${GUEST}`]: { username: GUEST_NAME },
    [`users/${READDRESSED_GUEST}/public`]: {
      uuid: READDRESSED_GUEST,
      username: `web-${READDRESSED_GUEST.slice(-8)}`,
      follows: 0,
    },
  });
});

describe('refused profile image uploads change nothing', () => {
  it('answers 401 without a token', async () => {
    expect((await upload('/api/users/me/images/icon', png(64, 64))).status).toBe(401);
    await expectNothingStored('ben');
  });

  it('answers 400 for a kind other than header or icon', async () => {
    const response = await upload('/api/users/me/images/banner', png(64, 64), { uid: 'ben' });
    expect(response.status).toBe(400);
    await expectNothingStored('ben');
  });

  it('answers 400 for an empty body', async () => {
    const response = await upload('/api/users/me/images/icon', new Uint8Array(0), { uid: 'ben' });
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toBe('Choose a picture first.');
    await expectNothingStored('ben');
  });

  it('answers 413 to a 12 MB upload without reading it whole', async () => {
    const megabyte = new Uint8Array(1024 * 1024);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 12) {
          controller.close();
          return;
        }
        sent += 1;
        controller.enqueue(megabyte);
      },
    });
    const response = await upload('/api/users/me/images/header', stream, { uid: 'ben' });
    expect(response.status).toBe(413);
    expect(await messageOf(response)).toBe('This picture is too large: at most 2 MB.');
    expect(sent).toBeLessThan(12);
    await expectNothingStored('ben');
  });

  it('answers 413 at once to a declared length over 2 MB', async () => {
    const response = await upload('/api/users/me/images/icon', new Uint8Array(3 * 1024 * 1024), {
      uid: 'ben',
    });
    expect(response.status).toBe(413);
    await expectNothingStored('ben');
  });

  it('answers 415 to a body declared as another type', async () => {
    const response = await upload('/api/users/me/images/icon', png(64, 64), {
      uid: 'ben',
      type: 'image/gif',
    });
    expect(response.status).toBe(415);
    expect(await messageOf(response)).toBe('Send the picture as a PNG (image/png).');
    await expectNothingStored('ben');
  });

  it('answers 400 to text that is not a picture', async () => {
    const response = await upload('/api/users/me/images/icon', '<svg onload="alert(1)"/>', { uid: 'ben' });
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toBe('This file is not a PNG picture.');
    await expectNothingStored('ben');
  });

  it('answers 400 to a JPEG sent as a PNG', async () => {
    const jpeg = new Uint8Array([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1,
    ]);
    const response = await upload('/api/users/me/images/icon', jpeg, { uid: 'ben' });
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toBe('This file is not a PNG picture.');
    await expectNothingStored('ben');
  });

  it('answers 400 to a PNG with a damaged checksum', async () => {
    const damaged = png(64, 64).slice();
    // The last byte of IHDR's CRC (signature 8 + length 4 + type 4 + data 13 + CRC 4).
    damaged[32] = (damaged[32] ?? 0) ^ 0xff;
    const response = await upload('/api/users/me/images/icon', damaged, { uid: 'ben' });
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toBe('This picture is damaged and cannot be shown. Try another file.');
    await expectNothingStored('ben');
  });

  it('answers 400 to a PNG cut short', async () => {
    const whole = png(64, 64);
    const response = await upload('/api/users/me/images/icon', whole.subarray(0, whole.length - 20), {
      uid: 'ben',
    });
    expect(response.status).toBe(400);
    await expectNothingStored('ben');
  });

  it('answers 400 to a picture larger than its kind allows', async () => {
    const icon = await upload('/api/users/me/images/icon', png(600, 600), { uid: 'ben' });
    expect(icon.status).toBe(400);
    expect(await messageOf(icon)).toBe('This picture is 600×600 pixels; at most 512×512 fit.');
    const header = await upload('/api/users/me/images/header', png(1600, 400), { uid: 'ben' });
    expect(header.status).toBe(400);
    await expectNothingStored('ben');
  });

  it('answers 400 to a small PNG whose pixels inflate past its declared size', async () => {
    // IHDR says 8×8; the pixel data inflates to 1 MB of zeros.
    const small = png(8, 8);
    const { deflateSync } = await import('fflate');
    const bomb = deflateSync(new Uint8Array(1024 * 1024));
    const idatAt = 8 + 25;
    const header = small.subarray(0, idatAt);
    const chunk = new Uint8Array(12 + bomb.length);
    new DataView(chunk.buffer).setUint32(0, bomb.length);
    chunk.set([0x49, 0x44, 0x41, 0x54], 4);
    chunk.set(bomb, 8);
    const end = small.subarray(small.length - 12);
    const body = new Uint8Array([...header, ...chunk, ...end]);
    const response = await upload('/api/users/me/images/icon', body, { uid: 'ben' });
    expect(response.status).toBe(400);
    await expectNothingStored('ben');
  });
});

describe('a valid profile image upload', () => {
  it('stores the PNG, points the record at it and serves it for good at a versioned address', async () => {
    const first = png(256, 256);
    const response = await upload('/api/users/me/images/icon', first, { uid: 'ana' });
    expect(response.status).toBe(200);
    const answer: { address: string; width: number; height: number } = await response.json();
    expect(answer.address).toMatch(/^\/media\/users\/ana\/icon\.png\?v=[0-9a-f]{16}$/);
    expect(answer).toMatchObject({ width: 256, height: 256 });

    // What is stored is drawn again from the pixels: the same picture, not necessarily the same bytes.
    const stored = new Uint8Array(
      (await (await bucket.get('users/ana/icon.png'))?.arrayBuffer()) ?? new ArrayBuffer(0),
    );
    expect(decode(stored).data).toEqual(decode(first).data);
    expect(await db.get('users/ana/public/icon')).toBe(answer.address);
    expect(await db.get('users_public/ana/icon')).toBe(answer.address);

    const served = await get(answer.address);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/png');
    expect(served.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(served.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(stored);

    // The user page shows the new icon.
    const page = await (await get('/user/ana_roguelites')).text();
    expect(page).toContain(answer.address.replace('&', '&amp;'));
  });

  it('gives a second, different picture a new address; the old one is no longer kept for good', async () => {
    const before = (await db.get('users/ana/public/icon')) as string;
    const response = await upload('/api/users/me/images/icon', png(200, 200, [20, 120, 220]), { uid: 'ana' });
    expect(response.status).toBe(200);
    const { address }: { address: string } = await response.json();
    expect(address).not.toBe(before);
    expect(await db.get('users/ana/public/icon')).toBe(address);
    expect((await get(before)).headers.get('Cache-Control')).toBe('public, max-age=60');
  });

  it('stores a header in the profile too, where the user page reads it', async () => {
    const response = await upload('/api/users/me/images/header', png(1500, 500), { uid: 'ana' });
    expect(response.status).toBe(200);
    const { address }: { address: string } = await response.json();
    expect(address).toMatch(/^\/media\/users\/ana\/header\.png\?v=/);
    expect(await db.get('profiles/ana/header')).toBe(address);
    expect(await db.get('users/ana/public/header')).toBe(address);
  });

  it('answers 404 for an image never uploaded or an address that is not one', async () => {
    expect((await get('/media/users/ben/icon.png?v=0123456789abcdef')).status).toBe(404);
    expect((await get('/media/users/ana/banner.png')).status).toBe(404);
  });
});

// Public pages are served from their edge copy to their own member too, so an upload drops the copy of
// the member's page: they (and visitors) see the new picture on their next view, not the letter avatar.
describe('a new picture on a member’s page already kept at the edge', () => {
  /** The member's own view of their page (with their session cookie), and whether it was the copy. */
  async function ownView() {
    const response = await call(`/user/${PAINTER_NAME}`, { cookie: PAINTER });
    return { cache: response.headers.get('x-questline-cache'), body: await response.text() };
  }

  it('shows the new icon on the next view, not the copy from before', async () => {
    await ownView();
    const before = await ownView();
    expect(before.cache).toBe('hit');
    expect(before.body).not.toContain(`/media/users/${PAINTER}/icon.png`);

    const response = await upload('/api/users/me/images/icon', png(128, 128), { uid: PAINTER });
    expect(response.status).toBe(200);
    const { address }: { address: string } = await response.json();

    const after = await ownView();
    expect(after.cache).toBeNull();
    expect(after.body).toContain(`src="${address.replace('&', '&amp;')}"`);
  });

  it('shows a new header on the next view too', async () => {
    await ownView();
    expect((await ownView()).cache).toBe('hit');
    const response = await upload('/api/users/me/images/header', png(1500, 500), { uid: PAINTER });
    expect(response.status).toBe(200);
    const { address }: { address: string } = await response.json();
    const after = await ownView();
    expect(after.cache).toBeNull();
    expect(after.body).toContain(address.replace('&', '&amp;'));
  });
});

/** The bytes stored for a member's picture in R2, and those the media route serves. */
async function storedAndServed(uid: string, kind: 'icon' | 'header', address: string) {
  const stored = await bucket.get(`users/${uid}/${kind}.png`);
  const served = await get(address);
  expect(served.status).toBe(200);
  return {
    stored: new Uint8Array((await stored?.arrayBuffer()) ?? new ArrayBuffer(0)),
    served: new Uint8Array(await served.arrayBuffer()),
  };
}

/** How long `work` took, in milliseconds, with its result. */
async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await work();
  return { result, ms: performance.now() - start };
}

// A zlib stream reaches about 1032:1: under the 2 MB upload limit fits one that inflates to 2 GB, far
// past an isolate's 128 MB. Each bomb below is built by hand (worker/test-support/png-files.ts).
describe('pictures built to inflate far past their size', () => {
  const MiB = 1024 * 1024;

  it.each([
    ['512 MB', 512 * MiB, 'icon', 512, 512],
    ['2 GB', 2048 * MiB, 'header', 1500, 500],
  ] as const)(
    'refuses a %s pixel stream at once, stores nothing, and answers the next upload',
    async (_size, inflated, kind, width, height) => {
      // 16-bit RGBA: the largest pixel data these dimensions can need, so only the bomb's excess counts.
      const bomb = pngFile(ihdr(width, height, { bitDepth: 16 }), [pngChunk('IDAT', zlibBomb(inflated))]);
      expect(bomb.length).toBeLessThan(2 * MiB);
      const { result: response, ms } = await timed(() =>
        upload(`/api/users/me/images/${kind}`, bomb, { uid: 'ben' }),
      );
      expect(response.status).toBe(400);
      expect(await messageOf(response)).toBe(
        `This picture holds more data than ${width}×${height} pixels need. Save it again and try once more.`,
      );
      expect(ms).toBeLessThan(500);
      await expectNothingStored('ben');

      const next = await upload(`/api/users/me/images/${kind}`, png(64, 64), { uid: PAINTER });
      expect(next.status).toBe(200);
    },
  );

  it('takes pixel data cut into 100,000 one-byte chunks at once, as the one stream it is', async () => {
    const data = new Uint8Array(256 * 256 * 4);
    let seed = 7;
    for (let i = 0; i < data.length; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      data[i] = seed >> 23;
    }
    const whole = encode({ width: 256, height: 256, data, channels: 4, depth: 8 });
    const idat = pngChunks(whole).find(({ type }) => type === 'IDAT')?.data ?? new Uint8Array(0);
    const crumbs = Array.from(idat.subarray(0, 100_000), (byte) => pngChunk('IDAT', new Uint8Array([byte])));
    const sliced = pngFile(ihdr(256, 256), [...crumbs, pngChunk('IDAT', idat.subarray(100_000))]);
    expect(sliced.length).toBeLessThan(2 * MiB);
    const { result: response, ms } = await timed(() =>
      upload('/api/users/me/images/icon', sliced, { uid: PAINTER }),
    );
    expect(response.status).toBe(200);
    expect(ms).toBeLessThan(1000);
    const { address } = await response.json<{ address: string }>();
    const { stored } = await storedAndServed(PAINTER, 'icon', address);
    expect(pngChunks(stored).map(({ type }) => type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(decode(stored).data).toEqual(data);
  });

  it('refuses a header that claims a huge size before inflating anything', async () => {
    const bomb = pngFile(ihdr(65_535, 65_535), [pngChunk('IDAT', zlibBomb(512 * MiB))]);
    const response = await upload('/api/users/me/images/header', bomb, { uid: 'ben' });
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toBe('This picture is 65535×65535 pixels; at most 1500×500 fit.');
    await expectNothingStored('ben');
  });

  it.each([
    ['a 512 MB colour profile (iCCP)', () => iccpChunk(zlibBomb(512 * MiB))],
    ['a 2 GB colour profile (iCCP)', () => iccpChunk(zlibBomb(2040 * MiB))],
    [
      'a 512 MB compressed text (zTXt)',
      () =>
        pngChunk(
          'zTXt',
          new Uint8Array([...new TextEncoder().encode('Comment'), 0, 0, ...zlibBomb(512 * MiB)]),
        ),
    ],
    [
      'a 512 MB international text (iTXt)',
      () =>
        pngChunk(
          'iTXt',
          new Uint8Array([...new TextEncoder().encode('Comment'), 0, 1, 0, 0, 0, ...zlibBomb(512 * MiB)]),
        ),
    ],
  ])('stores a picture carrying %s at once, without it', async (_what, chunk) => {
    const picture = png(64, 64);
    const bomb = withChunks(picture, [chunk()]);
    expect(bomb.length).toBeLessThan(2 * MiB);
    const { result: response, ms } = await timed(() =>
      upload('/api/users/me/images/icon', bomb, { uid: PAINTER }),
    );
    expect(response.status).toBe(200);
    expect(ms).toBeLessThan(500);
    const { address }: { address: string } = await response.json();
    const { stored, served } = await storedAndServed(PAINTER, 'icon', address);
    expect(pngChunks(stored).map(({ type }) => type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(served).toEqual(stored);
    expect(decode(stored).data).toEqual(decode(picture).data);
  });
});

describe('what is stored of a picture is its pixels alone', () => {
  it('drops text, a colour profile, EXIF and bytes after the end, keeping every pixel', async () => {
    const data = new Uint8Array(256 * 256 * 4);
    for (let i = 0; i < data.length; i += 4) data.set([i % 251, (i >> 8) % 253, 90, 255 - (i % 7)], i);
    const picture = encode({ width: 256, height: 256, data, channels: 4, depth: 8 });
    const profile = new Uint8Array(
      await new Response(
        new Blob([new TextEncoder().encode('Display P3 profile, made on Ana’s laptop'.repeat(40))])
          .stream()
          .pipeThrough(new CompressionStream('deflate')),
      ).arrayBuffer(),
    );
    const secret = 'GPS 51.5007,-0.1246 home';
    const sent = withChunks(
      picture,
      [
        textChunk('Comment', secret),
        iccpChunk(profile),
        pngChunk('eXIf', new TextEncoder().encode(`MM\0*${secret}`)),
        pngChunk('tIME', new Uint8Array([7, 234, 11, 28, 1, 2, 3])),
      ],
      new TextEncoder().encode(`PK trailing archive: ${secret}`),
    );

    const response = await upload('/api/users/me/images/icon', sent, { uid: 'ana' });
    expect(response.status).toBe(200);
    const { address }: { address: string } = await response.json();
    const { stored, served } = await storedAndServed('ana', 'icon', address);
    for (const bytes of [stored, served]) {
      expect(pngChunks(bytes).map(({ type }) => type)).toEqual(['IHDR', 'IDAT', 'IEND']);
      // Nothing follows IEND (its 12 bytes end the file).
      expect(new TextDecoder('latin1').decode(bytes.subarray(-8, -4))).toBe('IEND');
      expect(new TextDecoder('latin1').decode(bytes)).not.toContain('GPS');
      const decoded = decode(bytes);
      expect(decoded).toMatchObject({ width: 256, height: 256, channels: 4, depth: 8 });
      expect(decoded.data).toEqual(data);
    }
  });

  it('keeps how a palette, grey levels and a transparent colour look, in 8 bits a channel', async () => {
    // 2×2, indexed at 2 bits with a palette whose second colour is half transparent (tRNS).
    const indexed = pngFile(ihdr(2, 2, { bitDepth: 2, colourType: 3 }), [
      pngChunk('PLTE', new Uint8Array([255, 0, 0, 0, 255, 0, 0, 0, 255])),
      pngChunk('tRNS', new Uint8Array([255, 128])),
      // Rows: filter 0, indexes (0,1) and (2,0), packed two bits each.
      pngChunk('IDAT', await zlib(new Uint8Array([0, 0b00_01_0000, 0, 0b10_00_0000]))),
    ]);
    const response = await upload('/api/users/me/images/icon', indexed, { uid: PAINTER });
    expect(response.status).toBe(200);
    const { address }: { address: string } = await response.json();
    const { stored } = await storedAndServed(PAINTER, 'icon', address);
    expect(pngChunks(stored).map(({ type }) => type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(decode(stored)).toMatchObject({ channels: 4, depth: 8 });
    expect(Array.from(decode(stored).data)).toEqual([
      ...[255, 0, 0, 255],
      ...[0, 255, 0, 128],
      ...[0, 0, 255, 255],
      ...[255, 0, 0, 255],
    ]);

    // 2×1, 16-bit grey where the level 0x1234 is the transparent one (tRNS).
    const grey = pngFile(ihdr(2, 1, { bitDepth: 16, colourType: 0 }), [
      pngChunk('tRNS', new Uint8Array([0x12, 0x34])),
      pngChunk('IDAT', await zlib(new Uint8Array([0, 0x12, 0x34, 0xff, 0x00]))),
    ]);
    const greyAnswer = await upload('/api/users/me/images/icon', grey, { uid: PAINTER });
    expect(greyAnswer.status).toBe(200);
    const greyAddress = (await greyAnswer.json<{ address: string }>()).address;
    const greyStored = (await storedAndServed(PAINTER, 'icon', greyAddress)).stored;
    expect(decode(greyStored)).toMatchObject({ channels: 2, depth: 8 });
    expect(Array.from(decode(greyStored).data)).toEqual([0x12, 0, 0xff, 255]);
  });

  it('takes an interlaced picture, whose pixel data comes in seven passes, and stores it plain', async () => {
    const width = 37;
    const height = 23;
    const data = new Uint8Array(width * height * 4);
    for (let i = 0; i < data.length; i++) data[i] = (i * 37) % 256;
    const interlaced = encode({ width, height, data, channels: 4, depth: 8 }, { interlace: 'Adam7' });
    expect(interlaced[8 + 8 + 12]).toBe(1);
    const response = await upload('/api/users/me/images/icon', interlaced, { uid: PAINTER });
    expect(response.status).toBe(200);
    const { address } = await response.json<{ address: string }>();
    const { stored } = await storedAndServed(PAINTER, 'icon', address);
    expect(stored[8 + 8 + 12]).toBe(0);
    expect(decode(stored).data).toEqual(data);
  });
});

describe('guests cannot publish profile pictures', () => {
  it.each([
    ['a guest', GUEST],
    ['a guest who changed its address', READDRESSED_GUEST],
  ])('answers 403 to %s and stores nothing', async (_who, uid) => {
    for (const kind of ['icon', 'header']) {
      const response = await upload(`/api/users/me/images/${kind}`, png(64, 64), { uid });
      expect(response.status).toBe(403);
      const body: { error: { code: string; message: string } } = await response.json();
      expect(body.error).toEqual({
        code: 'forbidden',
        message: 'Guests cannot add profile pictures. Create an account to add yours.',
      });
    }
    await expectNothingStored(uid);
    expect(await db.get(`users_public/${uid}/icon`)).toBeNull();
  });

  it('answers 403 to an account that is no member at all, and stores nothing', async () => {
    const response = await upload('/api/users/me/images/icon', png(64, 64), { uid: STRANGER });
    expect(response.status).toBe(403);
    const body: { error: { code: string } } = await response.json();
    expect(body.error.code).toBe('not-a-member');
    await expectNothingStored(STRANGER);
  });
});

/** A zlib stream of `bytes`, as a PNG's IDAT holds them. */
async function zlib(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(
    await new Response(
      new Blob([bytes.slice()]).stream().pipeThrough(new CompressionStream('deflate')),
    ).arrayBuffer(),
  );
}
