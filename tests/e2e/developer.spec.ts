import { expect, test } from '@playwright/test';
import { signIn } from './auth/auth-helpers.ts';
import { expectNoAxeViolations, openHydrated } from './page-helpers.ts';

// The developer dashboard (issue 13), as the demo developer dev_metroid (seed/demo/members.json), who
// develops Cuphead: the game's description is changed and a visitor sees it at once (the page's edge copy
// was dropped), a post on its feed carries the Developer badge, and an event is created and shown on its
// page. A member who is not a developer gets no tools.

/** Where the page's pictures go for a person to look at (phone and desktop widths). */
const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? 'test-results/screenshots';
const DEVELOPER = { email: 'dev_metroid@demo.questline.invalid', password: 'questline-demo' };
const MEMBER = { email: 'ana_roguelites@demo.questline.invalid', password: 'questline-demo' };

test('a developer edits their game, posts as its developer and creates an event; members get no tools', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);

  // A visitor's copy of the game page, kept at the edge.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/game/cuphead');
  const kept = await visitor.request.get('/game/cuphead');
  expect(kept.headers()['x-questline-cache']).toBe('hit');

  await signIn(page, DEVELOPER.email, DEVELOPER.password);
  await expect(page).toHaveURL(/\/browse$/);
  // The header offers a developer their studio, and no editor's tools.
  const header = page.getByRole('navigation', { name: 'Main' });
  await header.getByRole('link', { name: 'Studio' }).click();
  await expect(page).toHaveURL(/\/developer$/);
  await expect(header.getByRole('link', { name: 'Editor' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Developer dashboard');
  const cuphead = page.getByRole('article', { name: 'Cuphead' });
  await expect(cuphead.locator('.developer-stats')).toContainText(/\d+ followers?/);
  await expect(page.getByRole('article', { name: 'Hollow Knight: Silksong' })).toBeVisible();

  // The game's description, changed from the dashboard.
  const description = `A run-and-gun of 1930s cartoons, now with the Delicious Last Course (${run}).`;
  await cuphead.getByText('Edit the game’s page').click();
  const form = cuphead.getByRole('form', { name: 'Edit Cuphead' });
  await form.getByLabel('Description').fill(description);
  await form.getByLabel('Icon (https address)', { exact: true }).fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'Save the game’s page' }).click();
  await expect(form.getByRole('alert')).toContainText('https://');
  await form.getByLabel('Icon (https address)', { exact: true }).fill('');
  await form.getByRole('button', { name: 'Save the game’s page' }).click();
  await expect(form.getByRole('status')).toContainText('Saved: the game’s page shows it now.');

  // The next visitor reads it at once: the edge's copy was dropped.
  const nextContext = await browser.newContext();
  const next = await nextContext.newPage();
  const fresh = await next.goto('/game/cuphead');
  expect(fresh?.headers()['x-questline-cache']).not.toBe('hit');
  await expect(next.getByText(description)).toBeVisible();

  // A post on its feed is marked as from the developer.
  await openHydrated(page, '/game/cuphead');
  const feed = page.locator('.feed-section');
  await feed.getByRole('textbox', { name: 'Write a post' }).fill(`Patch notes are up (${run}).`);
  await feed.getByRole('button', { name: 'Post', exact: true }).click();
  const post = feed.locator('.post-card').filter({ hasText: `Patch notes are up (${run}).` });
  await expect(post.locator('.developer-badge')).toHaveText('Developer');

  // An event featuring it, with its dates.
  await openHydrated(page, '/developer');
  await page.getByText('New event', { exact: true }).click();
  const newEvent = page.getByRole('form', { name: 'New event' });
  const name = `Cuphead Speedrun Night ${run}`;
  await newEvent.getByLabel('Name').fill(name);
  await newEvent.getByLabel('Starts on').fill('2031-06-12');
  await newEvent.getByLabel('Ends on').fill('2031-06-11');
  await newEvent.getByLabel('Cuphead').check();
  await newEvent.getByRole('button', { name: 'Create the event' }).click();
  await expect(newEvent.getByRole('alert')).toHaveText('The event ends on or after the day it starts.');
  await newEvent.getByLabel('Ends on').fill('2031-06-13');
  await newEvent.getByLabel('Place').fill('Online');
  await newEvent.getByRole('button', { name: 'Create the event' }).click();
  await expect(newEvent.getByRole('status')).toContainText('Created.');
  await expect(page.getByRole('article', { name })).toBeVisible();
  await expectNoAxeViolations(page, 'developer dashboard');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SCREENSHOTS}/developer-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENSHOTS}/developer-phone.png`, fullPage: true });

  await newEvent.getByRole('link', { name: `Open ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByText('Online').first()).toBeVisible();

  // A member who is not a developer.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signIn(member, MEMBER.email, MEMBER.password);
  await expect(member).toHaveURL(/\/browse$/);
  await openHydrated(member, '/developer');
  await expect(
    member.getByText('Only developer accounts can use this page.', { exact: false }),
  ).toBeVisible();
  await expect(member.getByRole('heading', { name: 'Your games' })).toHaveCount(0);

  await Promise.all([visitorContext.close(), nextContext.close(), memberContext.close()]);
});
