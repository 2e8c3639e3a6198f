import { expect, test, type Locator } from '@playwright/test';
import { signUp } from './auth/auth-helpers.ts';
import { openHydrated, sessionToken, uidOf } from './page-helpers.ts';

// A username as long as the rule allows (30 characters) on a phone: the profile's title and a post's
// author line wrap it after an underscore, never in the middle of a part, and keep it inside its card.
// On a desktop the title holds it on one line.

/** The character before each place where the text of `element` goes on to a new line. */
function charactersBeforeLineBreaks(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const before: string[] = [];
    const range = document.createRange();
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let previous: { top: number; character: string } | null = null;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let index = 0; index < text.length; index++) {
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const box = range.getBoundingClientRect();
        if (previous && box.top > previous.top + box.height / 2) before.push(previous.character);
        previous = { top: box.top, character: text.charAt(index) };
      }
    }
    return before;
  });
}

async function expectInside(inner: Locator, outer: Locator, where: string) {
  const innerBox = await inner.boundingBox();
  const outerBox = await outer.boundingBox();
  if (!innerBox || !outerBox) throw new Error(`Nothing to measure ${where}`);
  expect(innerBox.x, where).toBeGreaterThanOrEqual(outerBox.x);
  expect(innerBox.x + innerBox.width, where).toBeLessThanOrEqual(outerBox.x + outerBox.width);
}

test('a 30-character username wraps after its underscore on a phone and stays on one line on a desktop', async ({
  page,
}) => {
  // Unique per run, 30 characters, its longest part 22 with the underscore.
  const username = `averyveryverylongname_${Date.now().toString(36).padStart(8, '0')}`;
  expect(username).toHaveLength(30);
  await signUp(page, { username, email: `${username}@example.com`, password: 'correct-horse-battery-1' });
  await expect(page).toHaveURL(/\/browse$/);
  const token = await sessionToken(page.context());
  const posted = await page.request.fetch('/api/posts', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    data: { targetType: 'user', targetId: uidOf(token), content: 'Hello from a long name' },
  });
  expect(posted.ok()).toBe(true);

  const title = page.getByRole('heading', { level: 1 });
  const author = page.locator('.post-card .feed-author');
  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: 740 });
    await openHydrated(page, `/user/${username}`);
    await expect(title).toHaveText(username);
    await expect(author).toHaveText(username);
    for (const where of ['title', 'author'] as const) {
      const breaks = await charactersBeforeLineBreaks(where === 'title' ? title : author);
      expect(
        breaks.every((character) => character === '_'),
        `the ${where} at ${width} px breaks after ${JSON.stringify(breaks)}`,
      ).toBe(true);
    }
    await expectInside(title, page.locator('.user-hero'), `the title at ${width} px`);
    await expectInside(author, page.locator('.post-card'), `the author at ${width} px`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }

  await page.setViewportSize({ width: 1280, height: 800 });
  await openHydrated(page, `/user/${username}`);
  expect(await charactersBeforeLineBreaks(title)).toEqual([]);
  expect(await charactersBeforeLineBreaks(author)).toEqual([]);
});
