import { expect, test, type Browser, type Page } from '@playwright/test';
import { signUp, uniqueMember } from './auth/auth-helpers.ts';
import { ownerDatabase } from './database.ts';
import { expectAnswered, expectNoAxeViolations, openHydrated, sessionToken, uidOf } from './page-helpers.ts';

// Reviews in Chromium: a member rates a game, writes a review from its page (the view and the composer
// load when asked for); another member writes one too and likes the first, which the Reviews view then
// shows first; the first member changes their score and the badge follows; the first member's profile
// lists it. At 320 px in light and dark, axe clean, without sideways scroll. With REVIEWS_SHOTS=<folder>
// the view is saved there, light and dark. A demo game no other test opens.
const SHOTS = process.env.REVIEWS_SHOTS;
const GAME = { id: 'crusader-kings-iii', path: '/game/crusader-kings-iii' };
const SMALLEST = { width: 320, height: 640 };

function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

async function member(browser: Browser, prefix: string, colorScheme: 'light' | 'dark' = 'light') {
  const context = await browser.newContext({ viewport: SMALLEST, colorScheme });
  const page = await context.newPage();
  const who = uniqueMember(prefix);
  await signUp(page, who);
  await expect(page).toHaveURL(/\/browse$/);
  return { page, context, username: who.username, uid: uidOf(await sessionToken(context)) };
}

/** The game page with its Reviews view open, as a link to the view opens it. */
async function openReviews(page: Page) {
  await openHydrated(page, `${GAME.path}?view=reviews`);
  const view = page.getByRole('region', { name: 'Reviews' });
  await expect(view.getByRole('button', { name: 'Show reviews' })).toHaveCount(0);
  return view;
}

const reviewItems = (page: Page) => page.locator('.review-item');

test('a member reviews a game, another likes it, the view orders it, the badge follows the score, the profile lists it', async ({
  browser,
}) => {
  // Two members sign up and the pages are opened a dozen times: longer than the default 30 s.
  test.setTimeout(120_000);
  const db = ownerDatabase();
  const ana = await member(browser, 'reviewer');
  const reviewCode: string[] = [];
  ana.page.on('request', (request) => {
    if (/\/chunks\/game-reviews-/.test(request.url())) reviewCode.push(request.url());
  });

  // Rated 8: on "played" too. The view's code has not loaded: the page shows the heading and a button.
  await openHydrated(ana.page, GAME.path);
  const eight = ana.page
    .getByRole('group', { name: 'Your rating' })
    .getByRole('button', { name: '8 out of 10' });
  await expect(eight).not.toHaveAttribute('aria-disabled', 'true');
  await eight.click();
  await expect.poll(() => db.get(`users/${ana.uid}/private/gamelist/${GAME.id}/score`)).toBe(8);
  const view = ana.page.getByRole('region', { name: 'Reviews' });
  const show = view.getByRole('button', { name: 'Show reviews' });
  await expect(show).toBeVisible();
  expect(reviewCode).toEqual([]);

  // Opened from the keyboard; the review is written and shown with its badge.
  await show.focus();
  await ana.page.keyboard.press('Enter');
  // The view shows once its code has come: only then is its request sure to have been seen.
  const write = view.getByRole('button', { name: 'Write a review' });
  await expect(write).toBeVisible();
  expect(reviewCode).toHaveLength(1);
  await write.click();
  await view.getByLabel('Your review').fill('A dynasty simulator where every heir is a new story.');
  await view.getByRole('button', { name: 'Post review' }).click();
  const anaReview = reviewItems(ana.page).filter({ hasText: 'every heir is a new story' });
  await expect(anaReview).toHaveCount(1);
  await expect(anaReview.locator('.review-badge')).toHaveText('Review rated 8/10 out of 10, Played');
  await expect(view.getByRole('button', { name: 'Edit your review' })).toBeVisible();
  const anaPostId = await anaReview.getAttribute('data-review');
  expect(anaPostId).toBeTruthy();
  await expectNoAxeViolations(ana.page, 'the Reviews view with the member’s review');

  // Ben writes his, newer: with no likes, newest first.
  const ben = await member(browser, 'liker');
  const benView = await openReviews(ben.page);
  await benView.getByRole('button', { name: 'Write a review' }).click();
  await benView.getByLabel('Your review').fill('Too many menus for me.');
  await benView.getByRole('button', { name: 'Post review' }).click();
  await expect(reviewItems(ben.page).first()).toContainText('Too many menus for me.');
  await expect(reviewItems(ben.page).nth(1)).toContainText('every heir is a new story');

  // He likes Ana's: most liked first once the view is read again.
  const like = reviewItems(ben.page)
    .filter({ hasText: 'every heir is a new story' })
    .getByRole('button', { name: /^Like this post/ });
  await like.click();
  await expect.poll(() => db.get(`posts/${anaPostId ?? ''}/likes`)).toBe(1);
  // Kept, and answered before he leaves the page: nothing of the like is left in flight.
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expectAnswered(like);
  await openReviews(ben.page);
  await expect(reviewItems(ben.page).first()).toContainText('every heir is a new story');
  await expect(reviewItems(ben.page).nth(1)).toContainText('Too many menus for me.');

  // Ana changes her score to 3: the badge follows.
  await openHydrated(ana.page, GAME.path);
  const three = ana.page
    .getByRole('group', { name: 'Your rating' })
    .getByRole('button', { name: '3 out of 10' });
  await expect(three).not.toHaveAttribute('aria-disabled', 'true');
  await three.click();
  await expect.poll(() => db.get(`posts/${anaPostId ?? ''}/review/score`)).toBe(3);
  await openReviews(ben.page);
  await expect(reviewItems(ben.page).first().locator('.review-badge')).toHaveText(
    'Review rated 3/10 out of 10, Played',
  );

  // Her profile lists it, naming the game.
  await openHydrated(ben.page, `/user/${ana.username}`);
  const listed = ben.page.getByRole('region', { name: `Reviews by ${ana.username}` });
  await expect(listed.locator('.review-item')).toHaveCount(1);
  await expect(listed.locator('.review-item')).toContainText('every heir is a new story');
  await expect(listed.getByRole('link', { name: 'Crusader Kings III' })).toBeVisible();
  expect(await sidewaysOverflow(ben.page)).toBe(0);
  await expectNoAxeViolations(ben.page, 'a profile with its reviews');

  // Light and dark at 320 px: no sideways scroll, axe clean.
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport: SMALLEST, colorScheme });
    const page = await context.newPage();
    const shown = await openReviews(page);
    await expect(reviewItems(page)).toHaveCount(2);
    // On the game's feed too, as the post it is, with its badge, in the page's own HTML.
    await expect(
      page
        .getByRole('region', { name: 'Posts' })
        .getByRole('article', { name: `Review by ${ana.username}` })
        .locator('.review-badge'),
    ).toHaveText('Review rated 3/10 out of 10, Played');
    expect(await sidewaysOverflow(page)).toBe(0);
    await expectNoAxeViolations(page, `the Reviews view, ${colorScheme}`);
    if (SHOTS) await shown.screenshot({ path: `${SHOTS}/reviews-320-${colorScheme}.png` });
    await context.close();
  }
  await ana.context.close();
  await ben.context.close();
});
