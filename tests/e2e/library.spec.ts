import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { signUp, uniqueMember } from './auth/auth-helpers.ts';
import { ownerDatabase } from './database.ts';
import { expectNoAxeViolations, openHydrated, sessionUid } from './page-helpers.ts';

// Bringing a library in on browse: a Steam owned-games file of demo games (seed/demo/games.jsonl) is
// matched with a progress bar, one close name is reviewed, the games show as followed; a bad file is
// refused with a message and follows nothing; the export downloads and, brought back in, follows
// nothing twice.

/** Steam's GetOwnedGames answer: two games the catalogue knows by app id, one by its exact name, one
 * close name (no such app id), one game nobody has heard of. */
const STEAM_LIBRARY = {
  response: {
    game_count: 5,
    games: [
      { appid: 323190, name: 'Frostpunk', playtime_forever: 1200 },
      { appid: 881100, name: 'Noita', playtime_forever: 30 },
      { appid: 2_000_000_001, name: 'CULT OF THE LAMB™', playtime_forever: 5 },
      { appid: 2_000_000_002, name: 'Deep Rock', playtime_forever: 50 },
      { appid: 2_000_000_003, name: 'Qwxz Unheard Of Game', playtime_forever: 0 },
    ],
  },
};
const FOLLOWED = ['frostpunk', 'noita', 'cult-of-the-lamb', 'deep-rock-galactic'];

/** Names of demo games as another tracker's CSV would write them. */
const CSV_TITLES = [
  'The Witcher 3: Wild Hunt',
  'Elden Ring',
  "Baldur's Gate 3",
  'Half-Life 2',
  'Portal 2',
  'Counter-Strike 2',
  'Dota 2',
  'Grand Theft Auto V',
  'Red Dead Redemption 2',
  'The Elder Scrolls V: Skyrim',
  'Cyberpunk 2077',
  'Stardew Valley',
  'Terraria',
  'Hollow Knight',
  'Hades',
  'Celeste',
  'Disco Elysium',
  'Slay the Spire',
  'Factorio',
  'RimWorld',
];

async function openLibrary(page: Page) {
  await openHydrated(page, '/browse');
  await page.getByText('Bring your library').click();
  const file = page.getByLabel('Library file (JSON or CSV, at most 2 MB)');
  await expect(file).toBeVisible();
  return file;
}

async function followedGames(uid: string): Promise<string[]> {
  const games = (await ownerDatabase().get(`users/${uid}/private/follows/games`)) ?? {};
  return Object.keys(games).sort();
}

test('a member brings a Steam library in: progress, a review of a close match, the games followed, what was not matched', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signUp(page, uniqueMember('library'));
  await expect(page).toHaveURL(/\/browse$/);
  const uid = await sessionUid(context);
  const file = await openLibrary(page);

  // A bad file first: a message, nothing sent, nothing followed.
  const matchRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/library/match')) matchRequests.push(request.url());
  });
  await file.setInputFiles({
    name: 'notes.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('rank,hours\n1,2\n'),
  });
  await expect(page.getByRole('alert')).toHaveText(/no “title” or “name” column/);
  await file.setInputFiles({
    name: 'photo.json',
    mimeType: 'application/json',
    buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]),
  });
  await expect(page.getByRole('alert')).toHaveText(/not a library we can read/);
  expect(matchRequests).toEqual([]);
  expect(await followedGames(uid)).toEqual([]);

  // The match is held until the progress bar has been seen at its start.
  let release: () => void = () => undefined;
  const held = new Promise<undefined>((resolve) => {
    release = () => {
      resolve(undefined);
    };
  });
  await page.route('**/api/library/match', async (route) => {
    // Fetched by the test and answered once released (the API client's keepalive requests are not
    // resumed reliably by route.continue in Chromium).
    const response = await route.fetch();
    await held;
    await route.fulfill({ response });
  });
  await file.setInputFiles({
    name: 'owned-games.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(STEAM_LIBRARY)),
  });
  await expect(page.getByRole('alert')).toHaveCount(0);
  const progress = page.getByRole('progressbar', { name: 'Matching your games: 0 games of 5' });
  await expect(progress).toHaveAttribute('max', '5');
  await expect(page.locator('.library-status')).toHaveText('Matching 5 games…');
  release();
  // The first searches start the search function's instances (the emulator's cold starts): allow them time.
  await expect(progress).toHaveCount(0, { timeout: 45_000 });
  await expect(page.locator('.library-status')).toHaveText('Matched 5 games. Check them, then follow.');
  // The matching ends and the review lists what it found.
  await expect(
    page.getByText('3 games matched for certain, 1 game needs your choice, 1 game not found.'),
  ).toBeVisible();
  expect(matchRequests).toHaveLength(1);
  const choice = page.getByRole('group', { name: 'Which game is “Deep Rock”?' });
  await expect(choice.getByRole('radio', { name: 'None of these: skip it' })).toBeChecked();
  await expectNoAxeViolations(page, 'with the library review');
  await choice.getByRole('radio', { name: /Deep Rock Galactic/ }).check();
  await page.getByRole('button', { name: 'Follow 4 games' }).click();

  await expect(page.locator('.library-result')).toContainText(
    'Followed 4 games. 1 game could not be matched.',
  );
  await expect(page.locator('.library-unmatched')).toHaveText('Qwxz Unheard Of Game');
  expect(await followedGames(uid)).toEqual([...FOLLOWED].sort());
  // Browse reads its lists again: the games show as followed.
  const followedSection = page.getByRole('region', { name: 'Games you follow' });
  for (const name of ['Frostpunk', 'Noita', 'Cult of the Lamb', 'Deep Rock Galactic'])
    await expect(followedSection.getByText(name, { exact: true })).toBeVisible();

  // The export downloads, and brought back in it follows nothing twice.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download JSON' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^questline-library-\d{4}-\d\d-\d\d\.json$/);
  const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as { games: { id: string }[] };
  expect(exported.games.map((game) => game.id).sort()).toEqual([...FOLLOWED].sort());

  await file.setInputFiles({
    name: 'questline-library.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(exported)),
  });
  await page.getByRole('button', { name: 'Follow 4 games' }).click();
  await expect(page.locator('.library-result')).toContainText(
    'Followed 0 games. 4 games were already followed.',
  );
  expect(await followedGames(uid)).toEqual([...FOLLOWED].sort());
});

test('a CSV export downloads with one row per thing the member put in', async ({ page }) => {
  await signUp(page, uniqueMember('exporter'));
  await expect(page).toHaveURL(/\/browse$/);
  await openLibrary(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  expect((await readFile(await download.path(), 'utf8')).split('\r\n')[0]).toBe(
    'type,id,name,steam_appid,time,on',
  );
});

test('a CSV from another tracker goes in chunks; Cancel follows nothing', async ({ page, context }) => {
  test.setTimeout(90_000);
  await signUp(page, uniqueMember('csvlib'));
  await expect(page).toHaveURL(/\/browse$/);
  const uid = await sessionUid(context);
  const file = await openLibrary(page);
  const matchRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/library/match')) matchRequests.push(request.url());
  });
  const rows = CSV_TITLES.map((title, n) => `"${title}",PC,${String(n * 3)}`);
  await file.setInputFiles({
    name: 'my-games.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFFTitle,Platform,Hours\r\n${rows.join('\r\n')}\r\n`),
  });
  await expect(page.getByText('20 games matched for certain.')).toBeVisible({ timeout: 45_000 });
  // 20 games are two requests of at most 16.
  expect(matchRequests).toHaveLength(2);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Follow 20 games' })).toHaveCount(0);
  expect(await followedGames(uid)).toEqual([]);
});
