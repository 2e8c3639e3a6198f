import { expect, test } from '@playwright/test';
import { signUp, uniqueMember } from './auth/auth-helpers.ts';
import { openHydrated } from './page-helpers.ts';

// Text that shows nothing, typed into the game page's composer: a post of zero-width characters would be
// an empty card in everyone's feed, and a right-to-left override left open would turn around the line
// after it. The member reads why it is refused, under the box, and no post appears; a post with emoji
// sequences and Persian joined by a zero-width non-joiner appears exactly as typed.

test('a post that shows nothing, or leaves a direction override open, is refused with a sentence; emoji and Persian go through', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const member = uniqueMember('invisible');
  await signUp(page, member);
  await expect(page).toHaveURL(/\/browse$/);

  await openHydrated(page, '/game/hollow-knight');
  const feed = page.locator('.feed-section');
  const box = feed.getByRole('textbox', { name: 'Write a post' });
  const send = feed.getByRole('button', { name: 'Post', exact: true });
  const mine = feed.locator('.post-card').filter({ hasText: member.username });

  await box.fill('\u200b\u2060\u200b');
  await send.click();
  await expect(feed.getByRole('alert').first()).toHaveText('Write something first.');

  await box.fill('gg \u202e');
  await send.click();
  await expect(feed.getByRole('alert').first()).toHaveText(
    'Close each writing-direction control on its line, or remove it: one left open turns the text after it around.',
  );
  await expect(mine).toHaveCount(0);

  const words = 'Co-op night 👩‍💻👨‍👩‍👧 می‌خواهم بازی کنم';
  await box.fill(words);
  await send.click();
  await expect(mine.first().locator('.post-text')).toHaveText(words);
  await expect(mine).toHaveCount(1);
});
