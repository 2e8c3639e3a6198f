import { expect, test, type Page } from '@playwright/test';
import { signIn } from './auth/auth-helpers.ts';

// Every page carries a nonce-based Content-Security-Policy (worker/render/content-security-policy.ts):
// the browser runs only the scripts that name the page's nonce and what they load. These pages must
// hydrate and work under it with nothing refused: a refused script, style or connection is a page
// that silently stops working for visitors.

/** What the policy refuses on this page from now on, as the browser reports it. */
async function recordRefusals(page: Page): Promise<string[]> {
  const refused: string[] = [];
  await page.exposeFunction('reportRefusal', (what: string) => refused.push(what));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void (window as unknown as { reportRefusal: (what: string) => Promise<void> }).reportRefusal(
        `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} on ${location.pathname}`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      refused.push(message.text());
  });
  return refused;
}

const PAGES = [
  { path: '/', heading: 'Find your next game' },
  { path: '/game/the-witcher-3-wild-hunt', heading: 'The Witcher 3: Wild Hunt' },
  { path: '/user/ana_roguelites', heading: 'ana_roguelites' },
  { path: '/search?q=witcher', heading: /witcher/i },
  { path: '/login', heading: 'Sign in' },
];

for (const { path, heading } of PAGES) {
  test(`${path} hydrates under its Content-Security-Policy with nothing refused`, async ({ page }) => {
    const refused = await recordRefusals(page);
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy']).toMatch(
      /script-src 'nonce-[^']+' 'strict-dynamic'/,
    );
    await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await page.waitForLoadState('networkidle');
    expect(refused).toEqual([]);
  });
}

test('signing in works under the policy: Firebase Auth and the member pages after it', async ({ page }) => {
  const refused = await recordRefusals(page);
  await signIn(page, 'ana_roguelites@demo.questline.invalid', 'questline-demo');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' }),
  ).toHaveCount(0);
  await page.goto('/game/the-witcher-3-wild-hunt');
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
  // The feed streams the page's activity from the database once a member is there.
  await page.waitForLoadState('networkidle');
  expect(refused).toEqual([]);
});
