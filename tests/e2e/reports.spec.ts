import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn, signUp, uniqueMember } from './auth/auth-helpers.ts';
import { expectNoAxeViolations, openHydrated } from './page-helpers.ts';

// Reports (issue 21) with three people in three browsers: a member writes a post on a game page; a
// visitor's Report asks them to sign in; another member reports the post with a reason and words from its
// More menu; the demo editor grace_lore (seed/demo/members.json) finds it on /editor with its text, author
// and place, and removes it; the post is gone from the game page, and the reporter's notifications say
// their report was handled. The report dialog and the editor's queue pass axe, and are photographed at a
// phone's and a desktop's width, light and dark.

const EDITOR = { email: 'grace_lore@demo.questline.invalid', password: 'questline-demo' };
const GAME = { path: '/game/celeste', name: 'Celeste' };
const SHOTS = process.env.REPORT_SCREENSHOT_DIR ?? '/tmp';
const SCREENS = [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
];

/** Photographs the page as it is at each width, light and dark (`name` heads the files' names). */
async function photograph(page: Page, name: string, whole: Locator): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const screen of SCREENS) {
      await page.setViewportSize(screen);
      await expect(whole).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/${name}-${String(screen.width)}-${colorScheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a member reports a post, an editor removes it from /editor, and the reporter is told', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const [authorContext, reporterContext, editorContext, visitorContext] = await Promise.all([
    browser.newContext(),
    browser.newContext(),
    browser.newContext(),
    browser.newContext(),
  ]);
  const [author, reporter, editor, visitor] = await Promise.all([
    authorContext.newPage(),
    reporterContext.newPage(),
    editorContext.newPage(),
    visitorContext.newPage(),
  ]);
  const authorMember = uniqueMember('spammer');
  const reporterMember = uniqueMember('reporter');
  await signUp(author, authorMember);
  await signUp(reporter, reporterMember);
  await expect(author).toHaveURL(/\/browse$/);
  await expect(reporter).toHaveURL(/\/browse$/);

  const text = `Cheap gold at scam.example, ask ${authorMember.username}`;
  await openHydrated(author, GAME.path);
  await author.getByRole('textbox', { name: 'Write a post' }).fill(text);
  await author.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(author.locator('.post-card').filter({ hasText: text })).toBeVisible();
  // Nobody is offered to report what they wrote.
  await expect(
    author
      .locator('.post-card')
      .filter({ hasText: text })
      .getByRole('button', { name: 'More for this post' }),
  ).toHaveCount(0);

  // A visitor's Report asks them to sign in, and brings them back to the page.
  await openHydrated(visitor, GAME.path);
  const seen = visitor.locator('.post-card').filter({ hasText: text });
  await seen.getByRole('button', { name: 'More for this post' }).click();
  await seen.getByRole('button', { name: 'Report post' }).click();
  await expect(visitor).toHaveURL(`/login?next=${encodeURIComponent(GAME.path)}`);

  // The reporter opens the form from the post's More menu.
  await openHydrated(reporter, GAME.path);
  const post = reporter.locator('.post-card').filter({ hasText: text });
  const more = post.getByRole('button', { name: 'More for this post' });
  await more.click();
  await post.getByRole('button', { name: 'Report post' }).click();
  const dialog = reporter.getByRole('dialog', { name: `Report this post by ${authorMember.username}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'What is wrong with it?' }).getByRole('radio')).toHaveCount(
    6,
  );
  // Sending without a reason says what is missing and keeps the form.
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose what is wrong first.');
  await expect(dialog.getByRole('radio', { name: 'Spam or scam' })).toBeFocused();
  await expectNoAxeViolations(reporter, 'with the report dialog open');
  await photograph(reporter, 'report-dialog', dialog);
  await reporter.setViewportSize({ width: 1280, height: 800 });

  await dialog.getByRole('radio', { name: 'Spam or scam' }).check();
  await dialog
    .getByLabel('Anything the editors should know? (optional)')
    .fill('Selling gold in every thread.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'Thanks for telling us. An editor will look at it, and your notifications will say what was done.',
  );
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(more).toBeFocused();

  // A second report of the same post answers the first.
  await more.click();
  await post.getByRole('button', { name: 'Report post' }).click();
  await dialog.getByRole('radio', { name: 'Violence or threats' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('status')).toContainText('You reported this before');
  await reporter.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The editor finds it on /editor, in context, and removes it.
  await signIn(editor, EDITOR.email, EDITOR.password);
  await expect(editor).toHaveURL(/\/browse$/);
  await openHydrated(editor, '/editor');
  const reports = editor.getByRole('region', { name: 'Reports' });
  const reported = reports.getByRole('listitem').filter({
    has: editor.getByRole('heading', { name: `Post by ${authorMember.username}` }),
  });
  await expect(reported).toBeVisible();
  await expect(reported.locator('blockquote')).toHaveText(text);
  await expect(reported.getByRole('link', { name: `on the game ${GAME.name}` })).toHaveAttribute(
    'href',
    new RegExp(`^${GAME.path}#post-`),
  );
  await expect(reported.getByRole('list', { name: 'Reports' })).toContainText(
    `Spam or scam — “Selling gold in every thread.” · ${reporterMember.username}`,
  );
  await expectNoAxeViolations(editor, 'with the reports queue');
  await photograph(editor, 'editor-reports', reported);
  await reported.getByRole('button', { name: 'Remove post' }).click();
  await expect(reports.getByRole('status')).toContainText(
    `Removed: post by ${authorMember.username}. 1 reporter told.`,
  );
  await expect(reported).toHaveCount(0);

  // Gone from the game page.
  await openHydrated(visitor, GAME.path);
  await expect(visitor.locator('.post-card').filter({ hasText: text })).toHaveCount(0);

  // The reporter is told.
  await openHydrated(reporter, '/browse');
  await expect(reporter.locator('.notifications-count')).toHaveText('1 unread');
  await reporter.getByRole('button', { name: /^Notifications/ }).click();
  const panel = reporter.getByRole('region', { name: 'Notifications' });
  // The post's words are quoted (a <q>, whose marks are the browser's), and no editor is named.
  await expect(panel.getByRole('listitem').first()).toContainText(
    `Your report about the post ${text} was handled: it was removed.`,
  );
  await expect(panel.getByRole('listitem').first().locator('q')).toHaveText(text);

  // The reporter reports the author from their page (a Report button in its header); the editor stops
  // the author from posting for a day, and the author's next post is refused, saying until when.
  await reporter.keyboard.press('Escape');
  await openHydrated(reporter, `/user/${authorMember.username}`);
  await reporter.getByRole('button', { name: 'Report', exact: true }).click();
  const memberDialog = reporter.getByRole('dialog', { name: `Report ${authorMember.username}` });
  await memberDialog.getByRole('radio', { name: 'Pretending to be someone else' }).check();
  await memberDialog.getByRole('button', { name: 'Send report' }).click();
  await expect(memberDialog.getByRole('status')).toContainText('Thanks for telling us.');
  await memberDialog.getByRole('button', { name: 'Done' }).click();
  await expect(reporter.getByRole('button', { name: 'Report', exact: true })).toBeFocused();

  await reports.getByRole('button', { name: 'Check for new reports' }).click();
  const member = reports.getByRole('listitem').filter({
    has: editor.getByRole('heading', { name: `Member ${authorMember.username}` }),
  });
  await expect(member.getByRole('link', { name: 'their member page' })).toHaveAttribute(
    'href',
    `/user/${authorMember.username}`,
  );
  await member.getByLabel(`Stop ${authorMember.username} from posting for`).selectOption('1');
  await member.getByRole('button', { name: 'Stop from posting' }).click();
  await expect(reports.getByRole('status')).toContainText(
    `Stopped from posting: ${authorMember.username}. 1 reporter told.`,
  );

  await openHydrated(author, GAME.path);
  await author.getByRole('textbox', { name: 'Write a post' }).fill('One more offer');
  await author.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(author.locator('.feed-composer').getByRole('alert')).toHaveText(
    /^An editor has stopped this account from posting and commenting until \d{4}-\d{2}-\d{2} at \d{2}:\d{2} UTC\.$/,
  );
  await expect(author.locator('.post-card').filter({ hasText: 'One more offer' })).toHaveCount(0);

  // And the reporter hears about it, the member named, no editor.
  await openHydrated(reporter, '/browse');
  await reporter.getByRole('button', { name: /^Notifications/ }).click();
  await expect(panel.getByRole('listitem').first()).toContainText(
    `Your report about the member ${authorMember.username} was handled: they can’t post or comment for a while.`,
  );

  await Promise.all([
    authorContext.close(),
    reporterContext.close(),
    editorContext.close(),
    visitorContext.close(),
  ]);
});
