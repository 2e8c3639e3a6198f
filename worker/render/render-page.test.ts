import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { Hono } from 'hono';
import { createStaticHandler } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../client/routes.tsx';
import { createApp, type AppOptions } from '../app.ts';
import type { AppEnv } from '../app-env.ts';
import { clientAssets } from '../client-assets.ts';
import { databaseFor } from '../database.ts';
import { ownerDatabase, testEnv, testGame } from '../test-support/test-database.ts';
import { pageRenderer } from './page-renderer.tsx';
import { renderPage, settledStatusOf } from './render-page.tsx';

const env = testEnv();

beforeAll(async () => {
  await ownerDatabase(env).patch('', {
    'games/held-back': testGame('held-back', 'Held Back', 700),
    'games/policy-game': testGame('policy-game', 'Policy Game', 600),
    'games/cached-game': testGame('cached-game', 'Cached Game', 500),
    // Top games with names as long as a game's may be: the not-found screen lists them in a Suspense
    // boundary larger than React's default 12.8 KB progressive chunk.
    ...Object.fromEntries(
      Array.from({ length: 25 }, (_, i) => [
        `games/long-name-${String(i)}`,
        testGame(`long-name-${String(i)}`, `Long Name ${String(i)} ${'ö'.repeat(180)}`, 1000 + i),
      ]),
    ),
  });
});

/** A database that answers nothing until `release()` is called, then answers as the real one does. */
function heldDatabase(): { databaseFetch: typeof fetch; release: () => void } {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const databaseFetch: typeof fetch = async (input, init) => {
    await released;
    return fetch(input, init);
  };
  return { databaseFetch, release };
}

/** A page request as the Worker receives it, the response handed back before its body is read. */
async function open(path: string, options: AppOptions = {}, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const response = await createApp(options).request(`http://questline.test${path}`, init, env, ctx);
  return { response, done: () => waitOnExecutionContext(ctx) };
}

async function page(path: string, options: AppOptions = {}, init: RequestInit = {}) {
  const { response, done } = await open(path, options, init);
  const body = await response.text();
  await done();
  return { response, body };
}

/** The page as renderPage answers it, no edge cache around it: the response settledStatusOf knows. */
async function rendered(path: string): Promise<Response> {
  const app = new Hono<AppEnv>();
  const pages = createStaticHandler(routes);
  app.use(async function database(c, next) {
    c.set('database', databaseFor(c.env, {}));
    c.set('clock', Date.now);
    c.set('pages', pages);
    await next();
  });
  let answered: Response | undefined;
  app.get('*', pageRenderer, async (c) => (answered = await renderPage(c)));
  await (await app.request(`http://questline.test${path}`, {}, env)).text();
  if (!answered) throw new Error('renderPage did not answer');
  return answered;
}

const decoder = new TextDecoder();

/** The script-src nonce of a page's Content-Security-Policy header. */
function headerNonce(response: Response): string {
  const policy = response.headers.get('content-security-policy') ?? '';
  const nonce = /script-src 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic'/.exec(policy)?.[1];
  if (!nonce) throw new Error(`No script nonce in the policy: ${policy}`);
  return nonce;
}

/** Every <script> opening tag of a page, JSON-LD data blocks apart (data, never run, so no policy applies). */
function runnableScripts(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => !tag.includes('application/ld+json'));
}

describe('early document head', () => {
  it('sends the stylesheet and the module preloads before a held-back database answers', async () => {
    const database = heldDatabase();
    const { response, done } = await open('/game/held-back', { databaseFetch: database.databaseFetch });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array> | null)?.getReader();
    if (!reader) throw new Error('The page has no body');
    const first = await reader.read();
    const head = decoder.decode(first.value);

    // The stylesheet comes first of what the browser fetches, then the entry and all it imports, then the page.
    expect(head).toMatch(/^<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"\/>/);
    const stylesheet = head.indexOf(`<link rel="stylesheet" href="${clientAssets.styles}"/>`);
    expect(stylesheet).toBeGreaterThan(0);
    const preloads = [...head.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
    expect(head.indexOf('<link rel="modulepreload"')).toBeGreaterThan(stylesheet);
    expect(preloads.slice(0, clientAssets.entryChunks.length)).toEqual(clientAssets.entryChunks);
    expect(preloads[0]).toBe(clientAssets.entry);
    for (const chunk of clientAssets.pageChunks['client/pages/game-page.tsx'] ?? [])
      expect(preloads).toContain(chunk);
    expect(new Set(preloads).size).toBe(preloads.length);
    // Nothing of the page's data is there yet.
    expect(head).not.toContain('Held Back');
    expect(head).not.toContain('</head>');

    database.release();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      rest += decoder.decode(chunk.value);
    await done();
    expect(rest).toMatch(/^<title>Held Back · Questline<\/title>/);
    // The page's head elements close the head; the app alone is in #root, as the browser hydrates it.
    const [pageHead = '', body = ''] = rest.split('</head><body><div id="root">');
    expect(pageHead).toContain('<link rel="canonical" href="http://questline.test/game/held-back"/>');
    expect(body).toMatch(/^<a class="skip-link" href="#main">/);
    expect(body).not.toMatch(/<title>|<meta |<link rel="canonical"/);
    expect(rest).toContain('<h1>Held Back</h1>');
    expect(rest).toMatch(/<\/body><\/html>$/);
    // Read in place without scripts: no part of the page is put in place by one of React's.
    expect(rest).not.toContain('$RC');
    expect(rest).not.toContain('hidden id="S:');
  });

  it('keeps the 404 of a game found missing for the next visitor, and marks the page noindex', async () => {
    const response = await rendered('/game/no-such-game-here');
    expect(response.status).toBe(200);
    expect(await settledStatusOf(response)).toBe(404);
    expect(await settledStatusOf(await rendered('/game/policy-game'))).toBe(200);
    const { body } = await page('/game/no-such-game-here');
    expect(body).toContain('We couldn’t find that page');
    expect(body).toContain('<meta name="robots" content="noindex"/>');
    expect(body).toContain('<link rel="canonical" href="http://questline.test/game/no-such-game-here"/>');
    // The screen reads in place without scripts: none of it is put in place by one of React's.
    expect(body).toContain('Long Name 24');
    // The screen's module is preloaded with it, so that it hydrates with the page.
    const notFoundChunks = clientAssets.pageChunks['client/pages/not-found-page.tsx'] ?? [];
    expect(notFoundChunks.length).toBeGreaterThan(0);
    for (const chunk of notFoundChunks) expect(body).toContain(`<link rel="modulepreload" href="${chunk}"`);
    expect(body).not.toContain('$RC');
    // Asked again, it answers the status it settled on in its status line (the edge cache remembers the
    // address missing, worker/edge-cache.ts, and stores no copy of it): crawlers get the real 404.
    const again = await page('/game/no-such-game-here');
    expect(again.response.headers.get('x-questline-cache')).toBeNull();
    expect(again.response.status).toBe(404);
    expect(again.body).toContain('We couldn’t find that page');
  });

  it('answers a real 404, without starting early, for a deep link that cannot be a game', async () => {
    const { response, body } = await page('/game/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(response.status).toBe(404);
    expect(body).toContain('We couldn’t find that page');
    expect(body).not.toContain('<script>alert(1)</script>');
  });

  it('puts every element React hoists into the head, the sign-in pages’ own styles among them', async () => {
    for (const path of ['/', '/game/policy-game', '/login', '/signup', '/search?q=policy', '/404']) {
      const { body } = await page(path);
      const [head = '', root = ''] = body.split('</head><body><div id="root">');
      expect(head, path).toMatch(/<title>[^<]+ · Questline<\/title>/);
      expect(root, path).not.toMatch(/<style|<title>|<meta |<link rel="canonical"/);
    }
    const { body } = await page('/login');
    expect(body.slice(0, body.indexOf('</head>'))).toContain(
      '<style data-precedence="default" data-href="questline-auth-forms">',
    );
  });

  it('answers /404 with 404, and still redirects any other path to it', async () => {
    expect((await page('/404')).response.status).toBe(404);
    const { response } = await page('/no/such/page');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/404');
  });
});

describe('content security policy', () => {
  it('names a fresh nonce on every page, and every script of the page carries it', async () => {
    const nonces = new Set<string>();
    const paths = ['/', '/game/policy-game', '/404', '/login', '/search'];
    for (const path of paths) {
      const { response, body } = await page(path);
      const nonce = headerNonce(response);
      nonces.add(nonce);
      const scripts = runnableScripts(body);
      // The image fallback, the service worker's registration, the entry module and the page state.
      expect(scripts.length, path).toBeGreaterThanOrEqual(4);
      for (const tag of scripts) expect(tag, path).toContain(` nonce="${nonce}"`);
      for (const [, preloadNonce] of body.matchAll(/<link rel="modulepreload" [^>]*nonce="([^"]+)"/g))
        expect(preloadNonce, path).toBe(nonce);
    }
    expect(nonces.size).toBe(paths.length);
  });

  it('allows no plugin, no <base>, no framing, and no script without the nonce', async () => {
    const { response } = await page('/game/policy-game');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-eval');
    expect(/script-src [^;]*unsafe-inline/.test(policy)).toBe(false);
    // The page's feed streams from the database, and the Auth emulator signs in here.
    expect(policy).toContain(`connect-src 'self' ${new URL(env.FUNCTIONS_BASE_URL).origin}`);
    expect(policy).toContain(new URL(env.FIREBASE_DATABASE_URL).origin);
  });

  it('serves an edge-cached copy with the policy it was rendered with, so its scripts still run', async () => {
    const fresh = await page('/game/cached-game');
    const hit = await page('/game/cached-game');
    expect(hit.response.headers.get('x-questline-cache')).toBe('hit');
    expect(hit.body).toBe(fresh.body);
    const nonce = headerNonce(hit.response);
    expect(nonce).toBe(headerNonce(fresh.response));
    for (const tag of runnableScripts(hit.body)) expect(tag).toContain(` nonce="${nonce}"`);
  });
});
