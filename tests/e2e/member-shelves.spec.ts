import { expect, test, type Page } from '@playwright/test';
import { signUp, uniqueMember } from './auth/auth-helpers.ts';
import { ownerDatabase } from './database.ts';
import { expectNoAxeViolations, openHydrated, sessionToken, uidOf } from './page-helpers.ts';

// A member's shelves on their profile: how many games are on each shelf and their newest shelved games,
// in the server's HTML for anyone; "More games" brings the next page from the public endpoint. With
// SHELF_SHOTS=<folder>, the section is saved there at 320 px, light and dark, to be looked at.
// A demo game no other test shelves (seed/demo/games.jsonl).
const SHELVED = { id: 'darkest-dungeon', path: '/game/darkest-dungeon', name: 'Darkest Dungeon' };
const SMALLEST = { width: 320, height: 640 };
const OLDER = 13;

function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test('a profile shows the member’s shelf counts and newest games, and more a page at a time', async ({
  page,
  context,
  browser,
  request,
}) => {
  const member = uniqueMember('shelves');
  await signUp(page, member);
  await expect(page).toHaveURL(/\/browse$/);
  const uid = uidOf(await sessionToken(context));

  // One game shelved from its page, and thirteen older ones already on "Want to play".
  await openHydrated(page, SHELVED.path);
  const played = page.getByRole('button', { name: 'Played', exact: true });
  await expect(played).not.toHaveAttribute('aria-disabled', 'true');
  await played.click();
  await expect.poll(() => ownerDatabase().get(`shelves_by_userid/${uid}/${SHELVED.id}`)).not.toBeNull();
  const older = Array.from({ length: OLDER }, (_, index) => {
    const timestamp = Date.UTC(2024, 0, index + 1);
    return [
      `shelves_by_userid/${uid}/older-game-${String(index)}`,
      {
        status: 'want',
        timestamp,
        status_time: `want~${String(timestamp).padStart(13, '0')}`,
        name: `Older game ${String(index)}`,
      },
    ] as const;
  });
  // Written straight into the index, so moved on as thirteen shelf changes would move it: the copy of the
  // newest shelved games in the public section is not used until worked out again (shelved-copy.ts).
  await ownerDatabase().patch('', {
    ...Object.fromEntries(older),
    [`users/${uid}/public/shelves/want`]: OLDER,
    [`users/${uid}/public/shelved/changes`]: { '.sv': { increment: OLDER } },
  });

  // A visitor, on the narrowest phone.
  const visitor = await browser.newContext({ viewport: SMALLEST });
  const visitorPage = await visitor.newPage();
  await openHydrated(visitorPage, `/user/${member.username}`);
  const shelves = visitorPage.getByRole('region', { name: `${member.username}’s shelves` });
  await expect(shelves.getByRole('definition')).toHaveText([
    `${String(OLDER)} games`,
    '0 games',
    '1 game',
    '0 games',
  ]);
  const games = shelves.getByRole('listitem');
  await expect(games).toHaveCount(12);
  await expect(games.first()).toHaveText(`${SHELVED.name}Played`);
  await expect(games.first().getByRole('link')).toHaveAttribute('href', SHELVED.path);
  expect(await sidewaysOverflow(visitorPage)).toBe(0);
  await expectNoAxeViolations(visitorPage, 'with the member’s shelves');
  const shots = process.env.SHELF_SHOTS;
  if (shots)
    for (const colorScheme of ['light', 'dark'] as const) {
      await visitorPage.emulateMedia({ colorScheme });
      await shelves.screenshot({ path: `${shots}/profile-320-${colorScheme}.png` });
    }

  await shelves.getByRole('button', { name: 'More games' }).click();
  await expect(games).toHaveCount(OLDER + 1);
  await expect(games.last()).toHaveText('Older game 0Want to play');
  await expect(shelves.getByRole('button', { name: 'More games' })).toHaveCount(0);
  await visitor.close();

  // The server's HTML carries them (edge-cacheable, readable without scripts).
  const html = await (await request.get(`/user/${member.username}`)).text();
  expect(html).toContain(SHELVED.name);
  expect(html).toContain('Older game 12');
});
