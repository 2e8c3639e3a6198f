import { beforeAll, describe, expect, it } from 'vitest';
import { requestApp, uncached } from '../test-support/page-request.ts';
import { ownerDatabase, testEnv, testGame } from '../test-support/test-database.ts';

// What link previews and search engines read in each public page's server HTML: title, description,
// canonical URL, Open Graph, Twitter card, and schema.org structured data of the page's type.

const env = testEnv();
const request = (path: string) => requestApp(env, path, {}, uncached);
const ORIGIN = 'http://questline.test';

/** The content of `<meta property|name="…">`, entities decoded as a link preview reads them. */
function meta(html: string, key: string): string | undefined {
  const tag = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"/>`).exec(html)?.[1];
  return tag?.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#x27;', "'");
}

/** Every JSON-LD block of the page, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    ([, json]) => JSON.parse(json ?? '') as Record<string, unknown>,
  );
}

const LONG_DESCRIPTION = `${'A very long tale of a game. '.repeat(20)}The end.`;

beforeAll(async () => {
  await ownerDatabase(env).patch('', {
    'games/portal-2': {
      ...testGame('portal-2', 'Portal 2 & Friends', 500),
      icon: 'https://images.example/portal-2.jpg',
      steam_appid: 620,
      follows: 12,
    },
    'games/plain-game': {
      ...testGame('plain-game', 'Plain Game', 100),
      content: { description: LONG_DESCRIPTION },
    },
    'events/game-fest-2031': {
      name: 'Game Fest 2031',
      deeplink_url_code: 'game-fest-2031',
      games: { 'portal-2': 1 },
      starts_on: '2031-06-10',
      ends_on: '2031-06-12',
      place: 'Harbour Hall, Lisbon',
    },
    'lists/valve-picks': {
      code: 'valve-picks',
      name: 'Valve picks',
      games: { main: { name: 'Main', games: { 'portal-2': 1, 'plain-game': 2 } } },
    },
    'users/meta-rosa/public': { uuid: 'meta-rosa', username: 'rosa_runs', follows: 3 },
    'users_public/meta-rosa': { username: 'rosa_runs' },
    'profiles/meta-rosa': { sourceUUID: 'meta-rosa', brief: 'Speedruns and coffee.' },
  });
});

describe('link previews', () => {
  it('give every public page a title, description, canonical URL, Open Graph and a Twitter card', async () => {
    for (const path of [
      '/',
      '/game/portal-2',
      '/event/game-fest-2031',
      '/lists/games/valve-picks',
      '/user/rosa_runs',
    ]) {
      const { response, body } = await request(path);
      expect(response.status, path).toBe(200);
      expect(body, path).toMatch(/<title>[^<]+ · Questline<\/title>/);
      expect(body, path).toContain(`<link rel="canonical" href="${ORIGIN}${path}"/>`);
      expect(meta(body, 'og:url'), path).toBe(`${ORIGIN}${path}`);
      for (const key of [
        'description',
        'og:title',
        'og:description',
        'og:image',
        'twitter:card',
        'twitter:title',
        'twitter:description',
        'twitter:image',
      ])
        expect(meta(body, key), `${key} of ${path}`).toBeTruthy();
      expect(meta(body, 'og:image'), path).toMatch(/^https?:\/\//);
      expect(meta(body, 'twitter:title'), path).toBe(meta(body, 'og:title'));
    }
  });

  it('preview a game with its art on a large card, its name escaped once', async () => {
    const { body } = await request('/game/portal-2');
    expect(meta(body, 'og:title')).toBe('Portal 2 & Friends');
    expect(meta(body, 'og:image')).toBe('https://images.example/portal-2.jpg');
    expect(meta(body, 'twitter:image')).toBe('https://images.example/portal-2.jpg');
    expect(meta(body, 'twitter:card')).toBe('summary_large_image');
    expect(meta(body, 'og:type')).toBe('website');
  });

  it('preview a page without art with the site icon on a small card', async () => {
    const { body } = await request('/game/plain-game');
    expect(meta(body, 'twitter:card')).toBe('summary');
    expect(meta(body, 'og:image')).toBe(`${ORIGIN}/icons/icon-512.png`);
  });

  it('cut a long description at a word, at most 200 characters', async () => {
    const { body } = await request('/game/plain-game');
    const description = meta(body, 'description') ?? '';
    expect(description.length).toBeLessThanOrEqual(200);
    expect(description.endsWith('…')).toBe(true);
    // Cut between words, never inside one.
    const kept = description.slice(0, -1);
    expect(LONG_DESCRIPTION.startsWith(kept)).toBe(true);
    expect(LONG_DESCRIPTION.charAt(kept.length)).toMatch(/[\s.]/);
    expect(meta(body, 'twitter:description')).toBe(description);
    // The page itself still shows all of it.
    expect(body).toContain('The end.');
  });

  it('type a member’s page as a profile', async () => {
    const { body } = await request('/user/rosa_runs');
    expect(meta(body, 'og:type')).toBe('profile');
  });
});

describe('structured data', () => {
  it('describes a game as a schema.org VideoGame', async () => {
    const [data] = jsonLd((await request('/game/portal-2')).body);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'VideoGame',
      name: 'Portal 2 & Friends',
      url: `${ORIGIN}/game/portal-2`,
      genre: ['Adventure'],
      gamePlatform: ['PC', 'Windows'],
      author: [{ '@type': 'Organization', name: 'Test Studio' }],
      publisher: [{ '@type': 'Organization', name: 'Test Publisher' }],
      datePublished: '2011-04-19',
      image: 'https://images.example/portal-2.jpg',
      sameAs: 'https://store.steampowered.com/app/620/',
      interactionStatistic: {
        '@type': 'InteractionCounter',
        interactionType: 'https://schema.org/FollowAction',
        userInteractionCount: 12,
      },
    });
  });

  it('describes an event as a schema.org Event with its dates and place', async () => {
    const [data] = jsonLd((await request('/event/game-fest-2031')).body);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Game Fest 2031',
      startDate: '2031-06-10',
      endDate: '2031-06-12',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: 'Harbour Hall, Lisbon', address: 'Harbour Hall, Lisbon' },
    });
  });

  it('describes a curated list as a schema.org ItemList of the whole list, ranked', async () => {
    const [data] = jsonLd((await request('/lists/games/valve-picks')).body);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: 'Valve picks',
      numberOfItems: 2,
      itemListOrder: 'https://schema.org/ItemListOrderAscending',
      itemListElement: [
        { '@type': 'ListItem', position: 1, url: `${ORIGIN}/game/portal-2` },
        { '@type': 'ListItem', position: 2, url: `${ORIGIN}/game/plain-game` },
      ],
    });
  });

  it('describes a member’s page as a schema.org ProfilePage about a Person', async () => {
    const [data] = jsonLd((await request('/user/rosa_runs')).body);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      mainEntity: {
        '@type': 'Person',
        name: 'rosa_runs',
        description: 'Speedruns and coffee.',
        interactionStatistic: { interactionType: 'https://schema.org/FollowAction', userInteractionCount: 3 },
      },
    });
  });

  it('describes the home page as the schema.org WebSite', async () => {
    const [data] = jsonLd((await request('/')).body);
    expect(data).toMatchObject({ '@type': 'WebSite', name: 'Questline', url: `${ORIGIN}/` });
  });
});
