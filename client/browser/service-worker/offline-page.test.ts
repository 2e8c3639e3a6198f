import { describe, expect, it } from 'vitest';
import { offlinePageHtml } from './offline-page.ts';

describe('the offline page', () => {
  it('says the browser is offline and links the pages that can be read, in the site’s stylesheet', () => {
    const html = offlinePageHtml('/assets/styles-ABCD1234.css', [
      { address: '/game/hades', title: 'Hades · Questline' },
      { address: '/lists/games/best?page=2', title: '' },
    ]);
    expect(html).toContain('<h1>You’re offline</h1>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/styles-ABCD1234.css">');
    expect(html).toContain('<a href="/game/hades">Hades · Questline</a>');
    // A page without a title is listed by its address.
    expect(html).toContain('<a href="/lists/games/best?page=2">/lists/games/best?page=2</a>');
  });

  it('escapes titles, so that a game’s name cannot add markup', () => {
    const html = offlinePageHtml('/s.css', [
      { address: '/game/x"onmouseover="alert(1)', title: '<img src=x onerror=alert(1)> & more' },
    ]);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; more');
    expect(html).toContain('href="/game/x&quot;onmouseover=&quot;alert(1)"');
    expect(html).not.toContain('<img');
  });

  it('lists nothing when nothing was kept', () => {
    expect(offlinePageHtml('/s.css', [])).not.toContain('Pages you can read offline');
  });
});
