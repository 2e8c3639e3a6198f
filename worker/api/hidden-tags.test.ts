import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowsePageData } from '../../shared/api/browse-page.ts';
import { facetIndexUpdates } from '../../shared/catalogue/catalogue-facet-index.ts';
import { MAX_HIDDEN_TAGS, type HiddenTag, type HiddenTagChange } from '../../shared/schemas/hidden-tags.ts';
import { createApp } from '../app.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { ownerDatabase, testEnv, testGame } from '../test-support/test-database.ts';
import type { ApiErrorBody } from '../../shared/errors.ts';

// Tags a member never wants to see (issue 12): the API in workerd against the database emulator, and what
// it does to the browse page's bundle (suggestions and the catalogue leave the games; followed games stay).
const env = testEnv({ FIREBASE_EMULATORS: 'true' });
const db = ownerDatabase(env);
const call = apiCaller(env, createApp());

/** Games with genres and tags, written with the catalogue's own index of them. */
const GAMES: [id: string, name: string, genres: string[], tags: string[], rank: number][] = [
  ['hades', 'Hades', ['Action'], ['Roguelike'], 10],
  ['lethal-company', 'Lethal Company', ['Action', 'Adventure'], ['Horror', 'Co-op'], 9],
  ['inscryption', 'Inscryption', ['Adventure'], ['Card Game', 'Horror'], 8],
  ['resident-evil-4', 'Resident Evil 4', ['Action'], ['Survival Horror'], 7],
  ['celeste', 'Celeste', ['Adventure'], ['Platformer'], 6],
  ['phasmophobia', 'Phasmophobia', ['Action'], ['Horror'], 5],
];

const hide = (uid: string, slug: string) => call(`/api/hidden-tags/${slug}`, { method: 'PUT', uid });
const show = (uid: string, slug: string) => call(`/api/hidden-tags/${slug}`, { method: 'DELETE', uid });
async function hidden(uid: string): Promise<HiddenTag[]> {
  const response = await call('/api/hidden-tags', { uid });
  expect(response.status).toBe(200);
  return (await response.json<{ tags: HiddenTag[] }>()).tags;
}
async function browse(uid: string, query = ''): Promise<BrowsePageData> {
  const response = await call(`/api/browse${query}`, { uid });
  expect(response.status).toBe(200);
  return response.json<BrowsePageData>();
}
const names = (games: { name: string }[]) => games.map((game) => game.name);

beforeAll(async () => {
  await db.patch('', {
    ...Object.fromEntries(
      GAMES.map(([id, name, genres, tags, rank]) => [
        `games/${id}`,
        { ...testGame(id, name, rank), genres, tags },
      ]),
    ),
    ...facetIndexUpdates(
      GAMES.map(([gameId, , genres, tags, weightedIndex]) => ({
        gameId,
        before: null,
        after: { genres, tags, weightedIndex },
      })),
    ),
    // Hades' followers follow these too: Ria, who follows Hades, is asked about them.
    'se_matrix/hades': { 'lethal-company': 0.9, inscryption: 0.8, 'resident-evil-4': 0.7, celeste: 0.6 },
    'users/ria/public': { uuid: 'ria', username: 'ria_plays', follows: 0 },
    'users/sol/public': { uuid: 'sol', username: 'sol_new', follows: 0 },
  });
  expect((await call('/api/follows/game/hades', { method: 'PUT', uid: 'ria' })).status).toBe(200);
  expect((await call('/api/follows/game/phasmophobia', { method: 'PUT', uid: 'ria' })).status).toBe(200);
});

describe('hidden tags API', () => {
  it('answers 401 without a token, and writes nothing', async () => {
    expect((await call('/api/hidden-tags')).status).toBe(401);
    expect((await call('/api/hidden-tags/horror', { method: 'PUT' })).status).toBe(401);
    expect(await db.get('users/ria/private/hiddenTags')).toBeNull();
  });

  it('hides a tag of the catalogue once however often asked, lists it by name, and shows it again', async () => {
    const first = await hide('ria', 'horror');
    expect(first.status).toBe(200);
    expect(await first.json<HiddenTagChange>()).toEqual({ slug: 'horror', hidden: true, changed: true });
    expect(await (await hide('ria', 'horror')).json<HiddenTagChange>()).toMatchObject({ changed: false });
    const tags = await hidden('ria');
    expect(tags).toEqual([{ slug: 'horror', name: 'Horror', hiddenAt: expect.any(Number) as number }]);

    const shown = await show('ria', 'horror');
    expect(shown.status).toBe(200);
    expect(await shown.json<HiddenTagChange>()).toEqual({ slug: 'horror', hidden: false, changed: true });
    expect(await (await show('ria', 'horror')).json<HiddenTagChange>()).toMatchObject({ changed: false });
    expect(await hidden('ria')).toEqual([]);
  });

  it('refuses a tag the catalogue does not have with 404, and a malformed one with 400, writing nothing', async () => {
    const unknown = await hide('sol', 'no-such-tag');
    expect(unknown.status).toBe(404);
    expect(await unknown.json<ApiErrorBody>()).toMatchObject({ error: { code: 'not-found' } });
    // A genre is not a tag: "Action" is only a genre here.
    expect((await hide('sol', 'action')).status).toBe(404);
    for (const bad of ['Horror', 'horror%2Fx', '-horror', 'a'.repeat(101), 'horror%20games']) {
      const response = await hide('sol', bad);
      expect(response.status, bad).toBe(400);
      expect(await response.json<ApiErrorBody>(), bad).toMatchObject({ error: { code: 'invalid-input' } });
    }
    expect((await show('sol', 'Horror')).status).toBe(400);
    // A path that climbs out of the endpoint reaches no endpoint at all.
    expect((await hide('sol', '..')).status).toBe(404);
    expect(await db.get('users/sol/private/hiddenTags')).toBeNull();
  });

  it(`refuses a tag past ${String(MAX_HIDDEN_TAGS)} with 400 and keeps the ones hidden`, async () => {
    // The directory gets the extra tags the limit needs (as if the catalogue had them).
    const extra = Array.from({ length: MAX_HIDDEN_TAGS }, (_, n) => `extra-tag-${String(n)}`);
    await db.patch(
      '',
      Object.fromEntries(
        extra.map((slug) => [`indices_public/facets/tag/${slug}`, { name: slug, count: 1 }]),
      ),
    );
    const full = Object.fromEntries(extra.map((slug, n) => [slug, n + 1]));
    await db.put('users/sol/private/hiddenTags', full);
    const response = await hide('sol', 'horror');
    expect(response.status).toBe(400);
    expect((await response.json<ApiErrorBody>()).error.message).toMatch(/at most 50 tags/);
    expect(await db.get('users/sol/private/hiddenTags/horror')).toBeNull();
    // Showing one again makes room.
    expect((await show('sol', 'extra-tag-0')).status).toBe(200);
    expect((await hide('sol', 'horror')).status).toBe(200);
    expect((await hidden('sol')).map((tag) => tag.slug)).toHaveLength(MAX_HIDDEN_TAGS);
    await db.put('users/sol/private/hiddenTags', null);
  });

  it("touches only the caller's own hidden tags: another member's stay as they are", async () => {
    expect((await hide('ria', 'co-op')).status).toBe(200);
    // The member is who the token says, whatever else the request names.
    expect((await call('/api/hidden-tags/co-op?uid=ria', { method: 'DELETE', uid: 'sol' })).status).toBe(200);
    expect((await hidden('ria')).map((tag) => tag.slug)).toEqual(['co-op']);
    expect(await hidden('sol')).toEqual([]);
    expect((await show('ria', 'co-op')).status).toBe(200);
    expect(await hidden('ria')).toEqual([]);
  });
});

describe('which games a member does not want to see, for pages shown alike to everyone', () => {
  const check = (uid: string | undefined, ids: string) =>
    call(`/api/hidden-tags/games?ids=${ids}`, uid === undefined ? {} : { uid });

  it('answers the games with a hidden tag among those asked about, none for a member who hides nothing', async () => {
    const ids = 'hades,lethal-company,resident-evil-4,inscryption,no-such-game';
    expect(await (await check('sol', ids)).json()).toEqual({ hidden: [] });
    expect((await hide('sol', 'horror')).status).toBe(200);
    expect(await (await check('sol', ids)).json()).toEqual({ hidden: ['lethal-company', 'inscryption'] });
    expect((await show('sol', 'horror')).status).toBe(200);
    expect(await (await check('sol', ids)).json()).toEqual({ hidden: [] });
  });

  it('answers 401 to a visitor and 400 to a request it will not read', async () => {
    expect((await check(undefined, 'hades')).status).toBe(401);
    const tooMany = Array.from({ length: 51 }, (_, n) => `game-${String(n)}`).join(',');
    for (const ids of [tooMany, 'hades,bad.id', 'a'.repeat(7000)]) {
      const response = await check('sol', ids);
      expect(response.status).toBe(400);
      expect(await response.json<ApiErrorBody>()).toMatchObject({ error: { code: 'invalid-input' } });
    }
  });
});

describe('the browse page without hidden tags', () => {
  it('leaves games with a hidden tag out of suggestions and genre pages, and keeps the games followed', async () => {
    const before = await browse('ria');
    expect(names(before.suggestions)).toEqual([
      'Lethal Company',
      'Inscryption',
      'Resident Evil 4',
      'Celeste',
    ]);
    expect(before.hiddenTags).toEqual([]);

    expect((await hide('ria', 'horror')).status).toBe(200);
    const after = await browse('ria');
    expect(after.hiddenTags).toEqual(['horror']);
    // "Survival Horror" is a tag of its own: hiding Horror keeps Resident Evil 4.
    expect(names(after.suggestions)).toEqual(['Resident Evil 4', 'Celeste']);
    // Phasmophobia (Horror) stays among the games Ria follows: she chose it.
    expect(names(after.followGames)).toEqual(['Phasmophobia', 'Hades']);

    const adventure = await browse('ria', '?genre=adventure');
    expect(names(adventure.catalogue.games)).toEqual(['Celeste']);
    const action = await browse('ria', '?genre=action');
    expect(names(action.catalogue.games)).toEqual(['Hades', 'Resident Evil 4']);
    // Another tag's page leaves them out too; the hidden tag's own page, opened on purpose, shows its games.
    expect(names((await browse('ria', '?tag=co-op')).catalogue.games)).toEqual([]);
    expect(names((await browse('ria', '?tag=horror')).catalogue.games)).toEqual([
      'Lethal Company',
      'Inscryption',
      'Phasmophobia',
    ]);
  });

  it('brings the games back once the tag is shown again', async () => {
    expect((await show('ria', 'horror')).status).toBe(200);
    const data = await browse('ria');
    expect(data.hiddenTags).toEqual([]);
    expect(names(data.suggestions)).toEqual(['Lethal Company', 'Inscryption', 'Resident Evil 4', 'Celeste']);
    expect(names((await browse('ria', '?genre=adventure')).catalogue.games)).toEqual([
      'Lethal Company',
      'Inscryption',
      'Celeste',
    ]);
  });
});
