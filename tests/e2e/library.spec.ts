import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { signUp, uniqueMember } from './auth/auth-helpers.ts';
import { ownerDatabase } from './database.ts';
import { expectAnswered, expectNoAxeViolations, openHydrated, sessionUid } from './page-helpers.ts';

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
  await expect(page.locator('.library-status')).toHaveText('Matched 5 games. Check them, then confirm.');
  // The matching ends and the review lists what it found.
  await expect(
    page.getByText('3 games matched for certain, 1 game needs your choice, 1 game not found.'),
  ).toBeVisible();
  expect(matchRequests).toHaveLength(1);
  const choice = page.getByRole('group', { name: 'Which game is “Deep Rock”?' });
  await expect(choice.getByRole('radio', { name: 'None of these: skip it' })).toBeChecked();
  await expectNoAxeViolations(page, 'with the library review');
  await choice.getByRole('radio', { name: /Deep Rock Galactic/ }).check();
  // Played on Steam (playtime over zero): on Played too.
  await page.getByRole('button', { name: 'Follow 4 games, shelve or rate 4 games' }).click();

  await expect(page.locator('.library-result')).toContainText(
    'Followed 4 games. Shelved or rated 4 games. 1 game could not be matched.',
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

/** A Backloggd-style export of demo games no other browser test shelves or rates. */
const TRACKER_CSV = [
  'Game,Platform,Status,Rating,Review',
  'Terraria,PC,Completed,4.5,',
  'RimWorld,PC,Dropped,2,"=HYPERLINK(""https://evil.example"",""Click"")"',
  'Factorio,PC,Wishlist,,',
  'Hollow Knight,PC,Shelved,NaN,',
  'Qwxz Unheard Of Game,PC,Played,3,',
].join('\r\n');

const SMALLEST = { width: 320, height: 720 };

/** How far the page can scroll sideways (0 when it fits the screen). */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

async function gameCounts(gameId: string) {
  const db = ownerDatabase();
  const [shelves, ratings] = await Promise.all([
    db.get(`games/${gameId}/shelves`),
    db.get(`games/${gameId}/ratings`),
  ]);
  return {
    shelves: (shelves ?? {}) as Record<string, number>,
    ratings: (ratings ?? {}) as Record<string, number>,
  };
}
const moved = (before: Record<string, number>, after: Record<string, number>) =>
  Object.fromEntries(
    [...new Set([...Object.keys(before), ...Object.keys(after)])]
      .map((key) => [key, (after[key] ?? 0) - (before[key] ?? 0)] as const)
      .filter(([, by]) => by !== 0),
  );

test('a member brings a tracker’s CSV in: a preview of shelves and ratings, their own kept or replaced, then shelves, counts and export', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(SMALLEST);
  const member = uniqueMember('shelflib');
  await signUp(page, member);
  await expect(page).toHaveURL(/\/browse$/);
  const uid = await sessionUid(context);

  // RimWorld is on the member's Playing shelf already, from its page.
  await openHydrated(page, '/game/rimworld');
  const playing = page.getByRole('button', { name: 'Playing', exact: true });
  await expect(playing).not.toHaveAttribute('aria-disabled', 'true');
  await playing.click();
  await expect
    .poll(() => ownerDatabase().get(`users/${uid}/private/gamelist/rimworld/status`))
    .toBe('playing');
  // Kept, and answered before browse is opened: nothing of the shelf is left in flight.
  await expectAnswered(playing);
  const before = {
    terraria: await gameCounts('terraria'),
    rimworld: await gameCounts('rimworld'),
    factorio: await gameCounts('factorio'),
  };

  const file = await openLibrary(page);
  const shelvingRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/library/shelves') && request.method() === 'POST')
      shelvingRequests.push(request.url());
  });
  await file.setInputFiles({ name: 'backloggd.csv', mimeType: 'text/csv', buffer: Buffer.from(TRACKER_CSV) });
  await expect(page.getByText('4 games matched for certain, 1 game not found.')).toBeVisible({
    timeout: 45_000,
  });

  // The preview: what goes on which shelf with which score, RimWorld's own shelf kept by default.
  const preview = page.getByRole('region', { name: /Shelves and ratings/ });
  await expect(preview.getByRole('listitem')).toHaveText([
    'Terraria: Played · 9/10',
    'RimWorld: 4/10 (keeps your Playing; the file says Dropped)',
    'Factorio: Want to play',
  ]);
  const choice = page.getByRole('group', { name: /1 game is already on another shelf/ });
  await expect(choice.getByRole('radio', { name: 'Keep my shelves and ratings' })).toBeChecked();
  // What the file says that is no shelf or rating we know is shown, not guessed.
  await expect(page.locator('.library-unmapped')).toHaveText('Hollow Knight: status “Shelved”, rating “NaN”');
  // Folded: listed, for the member to open.
  await expect(page.locator('.library-unmatched')).toHaveText('Qwxz Unheard Of Game');
  expect(shelvingRequests).toEqual([]);
  expect(await sidewaysOverflow(page)).toBe(0);
  await expectNoAxeViolations(page, 'with the shelving preview, light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page, 'with the shelving preview, dark');
  const shots = process.env.LIBRARY_SHOTS;
  if (shots)
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.locator('.library-review').screenshot({ path: `${shots}/preview-320-${colorScheme}.png` });
    }
  await page.emulateMedia({ colorScheme: 'light' });

  // The member takes the file's word, from the keyboard.
  await choice.getByRole('radio', { name: 'Use the file’s' }).focus();
  await page.keyboard.press('Space');
  await expect(preview.getByRole('listitem').nth(1)).toHaveText(
    'RimWorld: Dropped · 4/10 (replaces your Playing)',
  );
  await page.getByRole('button', { name: 'Follow 4 games, shelve or rate 3 games' }).click();
  await expect(page.locator('.library-result')).toContainText(
    'Followed 4 games. Shelved or rated 3 games. 1 game could not be matched.',
  );
  // Three games are one request.
  expect(shelvingRequests).toHaveLength(1);

  // Each game's counts moved by this member's shelf and score, once.
  expect(moved(before.terraria.shelves, (await gameCounts('terraria')).shelves)).toEqual({ played: 1 });
  expect(moved(before.terraria.ratings, (await gameCounts('terraria')).ratings)).toEqual({
    count: 1,
    sum: 9,
    s9: 1,
  });
  expect(moved(before.rimworld.shelves, (await gameCounts('rimworld')).shelves)).toEqual({
    playing: -1,
    dropped: 1,
  });
  expect(moved(before.rimworld.ratings, (await gameCounts('rimworld')).ratings)).toEqual({
    count: 1,
    sum: 4,
    s4: 1,
  });
  expect(moved(before.factorio.shelves, (await gameCounts('factorio')).shelves)).toEqual({ want: 1 });
  expect(await ownerDatabase().get(`users/${uid}/private/gamelist/hollow-knight`)).toBeNull();

  // The game's page shows the counts moved; the profile lists the games on their shelves.
  await openHydrated(page, '/game/terraria');
  await expect(
    page.locator('.shelf-control .shelf-list li').filter({ has: page.getByText('Played', { exact: true }) }),
  ).toContainText(String((before.terraria.shelves.played ?? 0) + 1));
  await openHydrated(page, `/user/${member.username}`);
  const shelves = page.getByRole('region', { name: `${member.username}’s shelves` });
  // Listed newest first: the three share one write's time, in any order among them.
  await expect
    .poll(async () => (await shelves.getByRole('listitem').allTextContents()).sort())
    .toEqual(['FactorioWant to play', 'RimWorldDropped', 'TerrariaPlayed']);

  // The CSV export carries the shelves and scores, and brought back in it changes nothing.
  const library = await openLibrary(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const exported = await readFile(await download.path(), 'utf8');
  expect(exported).toMatch(/\r\nshelved-game,terraria,,,[^,]+,played\r\n/);
  expect(exported).toMatch(/\r\nrated-game,terraria,,,[^,]+,9\r\n/);
  expect(exported).toMatch(/\r\nshelved-game,rimworld,,,[^,]+,dropped\r\n/);
  expect(exported).toMatch(/\r\nrated-game,rimworld,,,[^,]+,4\r\n/);
  await library.setInputFiles({ name: 'questline.csv', mimeType: 'text/csv', buffer: Buffer.from(exported) });
  // Everything is as the file says already: only the follows, which are there too.
  const followOnly = page.getByRole('button', { name: 'Follow 4 games' });
  await expect(followOnly).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('region', { name: /Shelves and ratings/ })).toHaveCount(0);
  await followOnly.click();
  await expect(page.locator('.library-result')).toContainText(
    'Followed 0 games. 4 games were already followed.',
  );
  expect(shelvingRequests).toHaveLength(1);
  expect(moved(before.terraria.ratings, (await gameCounts('terraria')).ratings)).toEqual({
    count: 1,
    sum: 9,
    s9: 1,
  });
});
