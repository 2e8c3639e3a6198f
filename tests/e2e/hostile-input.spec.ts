import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { signUp, uniqueMember } from './auth/auth-helpers.ts';
import { openHydrated } from './page-helpers.ts';

// Script injections from the Big List of Naughty Strings, typed by a member into a post, a comment and
// their profile, then read by a visitor, and searched for: in Chromium no script of theirs runs (no
// dialog opens, `window.__pwned` stays unset), and every page shows the text exactly as it was typed.
// Every string of the list goes through every field in the Worker's own test (worker/hostile-input.test.ts).

const corpus = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('big-list-of-naughty-strings/blns.json'), 'utf8'),
) as string[];

/** The list's script and markup injections, each short enough for a search (100 characters). */
const INJECTIONS = corpus
  .filter((text) => /<\s*(script|img|svg|iframe|body|a |div|input)|javascript:|onerror\s*=/i.test(text))
  .filter((text) => text.trim() === text && text.length <= 100);

/**
 * A sample spread over the list's injections, and two of them turned to set `window.__pwned`, which a
 * script that ran would leave behind (the list's own call `alert` opens a dialog, watched for as well).
 */
const SAMPLE = [
  ...INJECTIONS.filter((_text, index) => index % Math.ceil(INJECTIONS.length / 10) === 0),
  '<img src=x onerror="window.__pwned=1">',
  '"><script>window.__pwned=1</script>',
];

/** Fails the test on any dialog a page opens: only an injected script would open one. */
function watchForDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', (dialog) => {
    opened.push(dialog.message());
    void dialog.dismiss();
  });
  return opened;
}

async function expectNoScriptRan(page: Page, dialogs: string[]): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
}

test('script injections typed into a post, a comment and a profile are shown as typed and never run', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  expect(SAMPLE.length).toBeGreaterThan(8);
  const dialogs = watchForDialogs(page);
  const member = uniqueMember('hostile');
  await signUp(page, member);
  await expect(page).toHaveURL(/\/browse$/);

  // A post and a comment on a game's page, each holding the whole sample, one string a line.
  const text = SAMPLE.join('\n');
  await openHydrated(page, '/game/hollow-knight');
  const feed = page.locator('.feed-section');
  await feed.getByRole('textbox', { name: 'Write a post' }).fill(text);
  await feed.getByRole('button', { name: 'Post', exact: true }).click();
  const post = feed.locator('.post-card').filter({ hasText: member.username }).first();
  await expect(post.locator('.post-text')).toHaveText(text);
  await post.getByRole('button', { name: 'Comment', exact: true }).click();
  await post.getByRole('textbox', { name: 'Write a comment' }).fill(text);
  await post.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(post.locator('.feed-comment')).toContainText(SAMPLE[0] ?? '');
  await expectNoScriptRan(page, dialogs);

  // The profile: the brief one string, the details the whole sample.
  await openHydrated(page, '/browse');
  await page.getByRole('main').getByText('Your profile', { exact: true }).click();
  const brief = SAMPLE.find((candidate) => candidate.length <= 160) ?? '';
  await page.getByLabel('Brief').fill(brief);
  await page.getByLabel('Details', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile is saved.')).toBeVisible();
  await expectNoScriptRan(page, dialogs);

  // A visitor reads them in the server's HTML and after hydration.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const visitorDialogs = watchForDialogs(visitor);
  await openHydrated(visitor, '/game/hollow-knight');
  const seen = visitor.locator('.post-card').filter({ hasText: member.username }).first();
  await expect(seen.locator('.post-text')).toHaveText(text);
  // Addresses become links only when they are http(s): never a javascript: one.
  for (const href of await seen
    .locator('a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href'))))
    expect(href ?? '').not.toMatch(/^\s*javascript:/i);
  await expect(
    seen.locator('.post-text script, .post-text img, .post-text svg, .post-text iframe'),
  ).toHaveCount(0);
  await expect(seen.locator('.feed-comment').first()).toContainText(SAMPLE[0] ?? '');
  await openHydrated(visitor, `/user/${member.username}`);
  await expect(visitor.locator('.user-brief')).toHaveText(brief);
  await expect(visitor.locator('.user-details')).toHaveText(text);
  await expectNoScriptRan(visitor, visitorDialogs);
  await visitorContext.close();
});

test('a search for script injections shows them as typed and runs none of them', async ({ page }) => {
  test.setTimeout(90_000);
  const dialogs = watchForDialogs(page);
  for (const query of SAMPLE) {
    await openHydrated(page, `/search?q=${encodeURIComponent(query)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “${query}”`);
    await expectNoScriptRan(page, dialogs);
  }
  // Typed into the search box as a visitor would.
  const query = SAMPLE.at(-1) ?? '';
  await openHydrated(page, '/');
  const box = page.getByRole('search').getByLabel('Search games and members').first();
  await box.fill(query);
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “${query}”`);
  await expectNoScriptRan(page, dialogs);
});
