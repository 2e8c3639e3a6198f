import { expect, test } from '@playwright/test';
import { signUp, uniqueMember } from './auth/auth-helpers.ts';
import { planListGainedGames } from '../../shared/lists/list-activity.ts';
import { deliverHomeFeedMessageFully } from '../../shared/feed/home-feed-fanout.ts';
import { ownerDatabase } from './database.ts';
import {
  expectAnswered,
  expectNoAxeViolations,
  followersText,
  openHydrated,
  sessionToken,
  uidOf,
} from './page-helpers.ts';

// Following a curated list from its page: the count goes up at once and in the database; when the list
// then gains games (the event its editors' and the import's writes record), the member's home feed on
// browse shows it as a card of its own, linking the list and the games.
const LIST = { code: 'build-automate-survive', name: 'Build, automate, survive' };
const LIST_PATH = `/lists/games/${LIST.code}`;
/** With LOOK_SHOTS=<folder>, the card is saved there to be looked at. */
const SHOTS = process.env.LOOK_SHOTS;

async function followerCount(): Promise<number> {
  const value = await ownerDatabase().get(`lists-public/${LIST.code}/follows`);
  return typeof value === 'number' ? value : 0;
}

test('a member follows a list on its page and sees in their home feed when it gains games', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signUp(page, uniqueMember('listfan'));
  await expect(page).toHaveURL(/\/browse$/);
  const uid = uidOf(await sessionToken(context));
  const db = ownerDatabase();
  const before = await followerCount();

  await openHydrated(page, LIST_PATH);
  const followers = page.locator('.page-intro .followers');
  const follow = page.getByRole('button', { name: 'Follow', exact: true });
  await expect(follow).not.toHaveAttribute('aria-disabled', 'true');
  await expect(followers).toHaveText(followersText(before));
  await follow.click();
  const following = page.getByRole('button', { name: 'Following', exact: true });
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  await expect(followers).toHaveText(followersText(before + 1));
  await expect.poll(() => db.get(`users/${uid}/private/follows/lists/${LIST.code}`)).not.toBeNull();
  expect(await followerCount()).toBe(before + 1);
  // Kept, and answered before the page is left for browse: nothing of the follow is left in flight.
  await expectAnswered(following);
  await expectNoAxeViolations(page, 'the list page with the Following button');
  if (SHOTS) await page.locator('.page-intro').screenshot({ path: `${SHOTS}/list-page-following.png` });

  // The list gains two games (written as an edit of the list writes it, a moment from now), and its
  // followers' home feeds get the event as the lists import delivers it (the editors' save sends the
  // same message to the queue).
  const eventId = `-e2e${Date.now().toString(36)}`;
  await db.patch(
    '',
    planListGainedGames(LIST.code, ['factorio', 'rimworld'], Date.now() + 1000, () => eventId),
  );
  await deliverHomeFeedMessageFully(db, { kind: 'list-gained-games', code: LIST.code });

  await openHydrated(page, '/browse');
  const feed = page.getByRole('region', { name: 'Your feed' });
  const card = feed.locator(`[data-list-event="${eventId}"]`);
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card).toContainText(`${LIST.name} gained Factorio and RimWorld`);
  await expect(card.getByRole('link', { name: LIST.name, exact: true })).toHaveAttribute('href', LIST_PATH);
  await expect(card.getByRole('link', { name: 'RimWorld', exact: true })).toHaveAttribute(
    'href',
    '/game/rimworld',
  );
  // Not a post: nothing to like or comment on.
  await expect(card.getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(page, 'the home feed with a list event');
  if (SHOTS) await card.screenshot({ path: `${SHOTS}/home-feed-list-event.png` });

  await card.getByRole('link', { name: LIST.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST_PATH}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LIST.name);
});
