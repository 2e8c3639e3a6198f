import { expect, test, type Page, type Route } from '@playwright/test';
import { signUp, uniqueMember } from './auth/auth-helpers.ts';
import { ownerDatabase } from './database.ts';
import { openHydrated, sessionToken, uidOf } from './page-helpers.ts';

// What the game page's rating and shelf buttons (one hook: client/components/shelves/use-member-choice.ts)
// do when the API does not go along: a tap it refuses is taken back, figures and all, with the API's own
// words when the member went too fast; a read that fails says so and still offers the buttons; a session
// that ended on the way sends the member to sign in and back. The API's answers are the test's own
// (page.route), in the shape the Worker answers them. Demo games no other test opens.
const REFUSED = { id: 'left-4-dead-2', path: '/game/left-4-dead-2' };
const UNREAD = { id: 'team-fortress-2', path: '/game/team-fortress-2' };

/** Answers a request as the API refuses: `status` with its error body. */
const refuse = (status: number, code: string, message: string) => (route: Route) =>
  route.fulfill({ status, json: { error: { code, message } } });

/** Refuses the game's `what` (rating or status) writes only; its reads go through. */
async function refuseWrites(
  page: Page,
  gameId: string,
  what: string,
  answer: (route: Route) => Promise<void>,
) {
  await page.route(`**/api/games/${gameId}/${what}`, (route) =>
    route.request().method() === 'GET' ? route.fallback() : answer(route),
  );
}

test('a refused rating or shelf tap is taken back with its figures, in the API’s words when too fast', async ({
  page,
  context,
}) => {
  await signUp(page, uniqueMember('refused'));
  await expect(page).toHaveURL(/\/browse$/);
  const uid = uidOf(await sessionToken(context));
  const db = ownerDatabase();
  await refuseWrites(
    page,
    REFUSED.id,
    'rating',
    refuse(429, 'too-many-requests', 'Too many changes at once. Please wait a minute.'),
  );
  await refuseWrites(
    page,
    REFUSED.id,
    'status',
    refuse(409, 'busy', 'Someone changed this meanwhile. Please try again.'),
  );

  await openHydrated(page, REFUSED.path);
  const eight = page.getByRole('group', { name: 'Your rating' }).getByRole('button', { name: '8 out of 10' });
  const ratings = page.getByRole('region', { name: 'Ratings' });
  const average = await ratings.locator('.rating-average').textContent();
  await expect(eight).not.toHaveAttribute('aria-disabled', 'true');
  await eight.click();
  await expect(ratings.getByRole('status')).toHaveText('Too many changes at once. Please wait a minute.');
  await expect(eight).toHaveAttribute('aria-pressed', 'false');
  await expect(ratings.locator('.rating-average')).toHaveText(average ?? '');

  const shelves = page.getByRole('region', { name: 'Shelves' });
  const playing = shelves.getByRole('button', { name: 'Playing', exact: true });
  // Its list item: the button, then how many members have the game on it.
  const playingCount = shelves
    .getByRole('listitem')
    .filter({ hasText: /^Playing/ })
    .locator('.shelf-count');
  const count = await playingCount.textContent();
  await playing.click();
  await expect(shelves.getByRole('status')).toHaveText(
    'Could not put this game on Playing. Please try again.',
  );
  await expect(playing).toHaveAttribute('aria-pressed', 'false');
  await expect(playingCount).toHaveText(count ?? '');
  // Nothing of it was written.
  expect(await db.get(`users/${uid}/private/gamelist/${REFUSED.id}`)).toBeNull();

  // A session that ended on the way: back through signing in, to this page.
  await refuseWrites(page, REFUSED.id, 'rating', refuse(401, 'unauthenticated', 'Please sign in.'));
  await eight.click();
  await expect(page).toHaveURL(new RegExp(`/login\\?next=${encodeURIComponent(REFUSED.path)}$`));
});

test('a member whose own shelf and score cannot be read is told so and still offered the buttons', async ({
  page,
}) => {
  await signUp(page, uniqueMember('unread'));
  await expect(page).toHaveURL(/\/browse$/);
  for (const what of ['rating', 'status'])
    await page.route(`**/api/games/${UNREAD.id}/${what}`, (route) =>
      route.request().method() === 'GET'
        ? refuse(503, 'unavailable', 'Not available just now.')(route)
        : route.fallback(),
    );

  await openHydrated(page, UNREAD.path);
  const shelves = page.getByRole('region', { name: 'Shelves' });
  const ratings = page.getByRole('region', { name: 'Ratings' });
  await expect(shelves.getByRole('status')).toHaveText('Could not check your shelf for this game.');
  await expect(ratings.getByRole('status')).toHaveText('Could not check your rating of this game.');
  const played = shelves.getByRole('button', { name: 'Played', exact: true });
  await expect(played).toHaveAttribute('aria-pressed', 'false');
  await expect(played).not.toHaveAttribute('aria-disabled', 'true');
  const nine = ratings.getByRole('button', { name: '9 out of 10' });
  await expect(nine).not.toHaveAttribute('aria-disabled', 'true');
});
