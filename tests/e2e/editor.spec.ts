import { expect, test, type BrowserContext } from '@playwright/test';
import { signIn, signUp, uniqueMember } from './auth/auth-helpers.ts';
import { ownerDatabase } from './database.ts';
import { expectNoAxeViolations, openHydrated, sessionToken, sessionUid } from './page-helpers.ts';

// The site editors' page (issue 13), as the demo editor grace_lore (seed/demo/members.json): a new list is
// made, its games reordered from the keyboard and by dragging, and a visitor's list page shows the new
// order at once (its edge copy was dropped); a new member is made a developer by username. A member who
// is not an editor gets no tools.

/** Where the page's pictures go for a person to look at (phone and desktop widths). */
const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? 'test-results/screenshots';

const EDITOR = { email: 'grace_lore@demo.questline.invalid', password: 'questline-demo' };

test('an editor reorders a list from the keyboard, visitors see it at once; a new member becomes a developer', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // A new member, who gets no editor's tools.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const member = uniqueMember('studio');
  await signUp(memberPage, member);
  await expect(memberPage).toHaveURL(/\/browse$/);
  const memberUid = await sessionUid(memberContext);
  await openHydrated(memberPage, '/editor');
  await expect(memberPage.getByText('Only editors can use this page.')).toBeVisible();
  // Nor does their header offer any tools.
  await expect(
    memberPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Browse' }),
  ).toBeVisible();
  await expect(
    memberPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Editor|Studio/ }),
  ).toHaveCount(0);
  await expect(memberPage.getByRole('heading', { name: 'Lists' })).toHaveCount(0);

  await signIn(page, EDITOR.email, EDITOR.password);
  await expect(page).toHaveURL(/\/browse$/);
  await openHydrated(page, '/editor');
  const lists = page.getByRole('region', { name: 'Lists' });
  await lists.getByRole('button', { name: 'New list' }).click();
  const code = `picks-${Date.now().toString(36)}`;
  await lists.getByLabel('Code').fill(code);
  await lists.getByLabel('Name', { exact: true }).fill('Editors’ picks');
  await lists.getByLabel('Collection name').fill('Favourites');
  const add = lists.getByLabel('Add a game to Favourites');
  // By id or by name: each is looked up in the catalogue and shown by its name.
  for (const [typed, name] of [
    ['hades', 'Hades'],
    ['Celeste', 'Celeste'],
    ['balatro', 'Balatro'],
  ] as const) {
    await add.fill(typed);
    await add.press('Enter');
    await expect(lists.getByText(`${name} added to Favourites.`)).toBeAttached();
  }
  // Search is fuzzy: text that names no game exactly adds nothing, it only offers the matches.
  await add.fill('celest');
  await add.press('Enter');
  await expect(lists.getByText('No game is called “celest”: pick one of the matches.')).toBeVisible();
  await expect(lists.getByRole('list', { name: 'Favourites' }).locator('li')).toHaveCount(3);
  await add.fill('');
  // Typing anew clears what the last try said.
  await expect(lists.getByText('No game is called “celest”: pick one of the matches.')).toHaveCount(0);
  await lists.getByRole('button', { name: 'Save list' }).click();
  await expect(lists.getByRole('status').filter({ hasText: 'List created.' })).toBeVisible();

  // A visitor's copy of the list page, kept at the edge.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/lists/games/${code}`);
  await expect(visitor.locator('.game-card-name')).toHaveText(['Hades', 'Celeste', 'Balatro']);
  const kept = await visitor.request.get(`/lists/games/${code}`);
  expect(kept.headers()['x-questline-cache']).toBe('hit');

  // Balatro first, from the keyboard: arrow keys on its handle, announced.
  await lists.getByRole('button', { name: /^Reorder Balatro/ }).focus();
  await page.keyboard.press('ArrowUp');
  await expect(lists.getByText('Balatro moved to position 2 of 3 in Favourites.')).toBeAttached();
  await expect(lists.getByRole('button', { name: /^Reorder Balatro/ })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(lists.getByText('Balatro moved to position 1 of 3 in Favourites.')).toBeAttached();
  // And Hades below Celeste with its button.
  await lists.getByRole('button', { name: 'Move Hades down' }).click();
  await expect(lists.getByRole('list', { name: 'Favourites' }).locator('.editor-game-name')).toHaveText([
    'Balatro',
    'Celeste',
    'Hades',
  ]);
  // And Celeste to the top by dragging its row onto the first.
  const rows = lists.getByRole('list', { name: 'Favourites' }).locator('li');
  // In the middle of the window: the header stays on top while scrolling, and a drop under it lands on it.
  await rows.nth(0).evaluate((row) => {
    row.scrollIntoView({ block: 'center' });
  });
  await rows.nth(1).dragTo(rows.nth(0));
  await expect(lists.getByRole('list', { name: 'Favourites' }).locator('.editor-game-name')).toHaveText([
    'Celeste',
    'Balatro',
    'Hades',
  ]);
  await lists.getByRole('button', { name: 'Save list' }).click();
  await expect(lists.getByRole('status').filter({ hasText: 'List saved' })).toBeVisible();

  // The next visitor gets it rendered afresh: the edge's copy was dropped. (A browser that holds the page
  // itself may show its own copy until it is a minute old: public pages say max-age=60.)
  const nextContext = await browser.newContext();
  const next = await nextContext.newPage();
  const fresh = await next.goto(`/lists/games/${code}`);
  expect(fresh?.headers()['x-questline-cache']).not.toBe('hit');
  await expect(next.locator('.game-card-name')).toHaveText(['Celeste', 'Balatro', 'Hades']);
  await nextContext.close();

  // The new member becomes a developer of Hades, by username.
  const developers = page.getByRole('region', { name: 'Developers' });
  await developers.getByLabel('Username').fill(member.username);
  await developers.getByRole('button', { name: 'Find member' }).click();
  await expect(developers.getByText('is not a developer')).toBeVisible();
  await developers.getByLabel(`Add a game to the games ${member.username} runs`).fill('Hades');
  await developers.getByLabel(`Add a game to the games ${member.username} runs`).press('Enter');
  await expect(developers.getByRole('list', { name: `Games ${member.username} runs` })).toContainText(
    'Hades',
  );
  await developers.getByRole('button', { name: 'Grant developer' }).click();
  await expect(developers.locator(':scope > .editor-status')).toHaveText(
    `${member.username} is now a developer.`,
  );
  await expect(developers.getByText(`is a developer of Hades`)).toBeVisible();
  const db = ownerDatabase();
  expect(await db.get(`users/${memberUid}/readOnly/isDeveloper`)).toBe(true);
  expect(await db.get(`users/${memberUid}/developer/developerGames`)).toEqual({ hades: true });

  // The logs, latest first: the page views of this test's visits are among them.
  const logs = page.getByRole('region', { name: 'Logs' });
  await logs.getByLabel('Log').selectOption('page_views');
  await expect(logs.locator('.editor-log li').first()).toContainText('path: /');
  await expectNoAxeViolations(page, 'editor');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SCREENSHOTS}/editor-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENSHOTS}/editor-phone.png`, fullPage: true });
  await memberContext.close();
  await visitorContext.close();
});

/** The editors' API as the member signed in to `context` (to put the demo's highlights back). */
async function asEditor(context: BrowserContext) {
  const headers = { Authorization: `Bearer ${await sessionToken(context)}` };
  return {
    highlights: async () =>
      (await (await context.request.get('/api/editor/highlights', { headers })).json()) as {
        games: string[];
        revision: number;
      },
    save: (games: string[], revision: number) =>
      context.request.put('/api/editor/highlights', { headers, data: { games, revision } }),
  };
}

test('an editor features a game on home, found by name; an editor saving over it is told, and reloads', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const firstContext = await browser.newContext();
  const first = await firstContext.newPage();
  await signIn(first, EDITOR.email, EDITOR.password);
  await expect(first).toHaveURL(/\/browse$/);
  const api = await asEditor(firstContext);
  const demo = await api.highlights();
  try {
    // The header leads an editor to their tools.
    await first.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Editor' }).click();
    await expect(first).toHaveURL(/\/editor$/);
    const highlights = first.getByRole('region', { name: 'Home highlights' });
    const shown = highlights.getByRole('list', { name: 'Home highlights' }).locator('.editor-game-name');
    await expect(shown).toHaveCount(demo.games.length);
    await expect(shown.first()).toHaveText(/Baldur/);

    // A second editor (another tab) opens the same highlights before the first saves.
    const secondContext = await browser.newContext();
    const second = await secondContext.newPage();
    await signIn(second, EDITOR.email, EDITOR.password);
    await expect(second).toHaveURL(/\/browse$/);
    await openHydrated(second, '/editor');
    const theirs = second.getByRole('region', { name: 'Home highlights' });
    await expect(theirs.getByRole('list', { name: 'Home highlights' }).locator('li')).toHaveCount(
      demo.games.length,
    );

    // Celeste, found by typing part of its name and picking it, then moved to the top from the keyboard.
    await highlights.getByLabel('Highlight a game').fill('Celes');
    await highlights.getByRole('button', { name: 'Add Celeste', exact: true }).click();
    await expect(shown.last()).toHaveText('Celeste');
    await highlights.getByRole('button', { name: /^Reorder Celeste/ }).focus();
    for (let i = 0; i < demo.games.length; i++) await first.keyboard.press('ArrowUp');
    await expect(shown.first()).toHaveText('Celeste');
    await highlights.getByRole('button', { name: 'Save highlights' }).click();
    await expect(highlights.getByText('Saved: the home page shows them now.')).toBeVisible();

    // A visitor's home page features it first at once.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto('/');
    await expect(
      visitor.getByRole('region', { name: 'Featured' }).locator('.game-card-name').first(),
    ).toHaveText('Celeste');
    await visitorContext.close();

    // The second editor removes Factorio from the copy they opened: their save would undo Celeste, so
    // it is refused, nothing changes, and Reload shows the highlights as saved now.
    await theirs.getByRole('button', { name: 'Remove Factorio' }).click();
    await theirs.getByRole('button', { name: 'Save highlights' }).click();
    await expect(
      theirs.getByText('Someone else saved the highlights since you opened them: reload to see theirs.'),
    ).toBeVisible();
    expect((await api.highlights()).games[0]).toBe('celeste');
    await theirs.getByRole('button', { name: 'Reload highlights' }).click();
    await expect(theirs.getByText('Reloaded: these are the highlights as saved now.')).toBeVisible();
    await expect(
      theirs.getByRole('list', { name: 'Home highlights' }).locator('.editor-game-name').first(),
    ).toHaveText('Celeste');
    await expectNoAxeViolations(second, 'editor after a refused save');
    await secondContext.close();
  } finally {
    // The demo's highlights back, for the pages other tests look at (this also drops home's edge copy).
    const now = await api.highlights();
    expect((await api.save(demo.games, now.revision)).status()).toBe(200);
    await firstContext.close();
  }
});
