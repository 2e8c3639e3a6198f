import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { clientAssets } from '../client-assets.ts';
import { ownerDatabase, testEnv, testGame } from '../test-support/test-database.ts';

const env = testEnv();

beforeAll(async () => {
  await ownerDatabase(env).patch('', { 'games/first-paint': testGame('first-paint', 'First Paint', 900) });
});

async function page(path: string): Promise<string> {
  const ctx = createExecutionContext();
  const response = await createApp().request(`http://questline.test${path}`, {}, env, ctx);
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return body;
}

/** Every opening tag of the given element in the HTML. */
function tags(html: string, element: string): string[] {
  return [...html.matchAll(new RegExp(`<${element}\\b[^>]*>`, 'g'))].map((m) => m[0]);
}

const PATHS = ['/', '/game/first-paint', '/game/no-such-game', '/404', '/login', '/search'];

// The server's HTML is the whole page: it paints as soon as the stylesheet is there, before any script
// has run. The browser test tests/e2e/first-paint.spec.ts checks the same in Chromium.
describe('first paint', () => {
  it('waits for the stylesheet alone: no script, no render-blocking hint, nothing shown by a script', async () => {
    for (const path of PATHS) {
      const html = await page(path);
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head, path).not.toContain('blocking=');
      expect(
        tags(head, 'link').filter((tag) => tag.includes('rel="stylesheet"')),
        path,
      ).toEqual([`<link rel="stylesheet" href="${clientAssets.styles}"/>`]);
      // Scripts with a source are modules, which never hold the parser or the paint.
      const external = tags(html, 'script').filter((tag) => tag.includes(' src='));
      expect(external, path).toHaveLength(1);
      for (const tag of external) expect(tag, path).toContain('type="module"');
      // No part of the page waits, hidden, for one of React's scripts to put it in place.
      expect(html, path).not.toContain('<template');
      expect(html, path).not.toContain('$RC');
      expect(html, path).not.toMatch(/<div hidden id="S:/);
    }
  });

  it('fetches the page’s scripts at low priority, after the stylesheet and the images', async () => {
    for (const path of PATHS) {
      const html = await page(path);
      const scripts = [
        ...tags(html, 'link').filter((tag) => tag.includes('rel="modulepreload"')),
        ...tags(html, 'script').filter((tag) => tag.includes('type="module"')),
      ];
      expect(scripts.length, path).toBeGreaterThan(clientAssets.entryChunks.length);
      // React writes the attribute as `fetchPriority`: HTML's attribute names ignore case.
      for (const tag of scripts) expect(tag, path).toMatch(/ fetchpriority="low"/i);
    }
  });
});
