import AxeBuilder from '@axe-core/playwright';
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';

// What the browser tests of pages share: opening a page once React has hydrated it, telling a client
// navigation from a reload, counting page-data requests, the follower label, the session's uid, axe.

/** Opens a page and waits until React has hydrated it. */
export async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
}

/** Opens a page, hydrated, and marks its window: the mark survives client navigations, not reloads. */
export async function openHydratedAndMark(page: Page, path: string): Promise<void> {
  await openHydrated(page, path);
  await page.evaluate(() => {
    (window as unknown as { stayedOnPage: boolean }).stayedOnPage = true;
  });
}

/** True when the window marked by openHydratedAndMark is still the one showing the page. */
export function stayedOnPage(page: Page): Promise<boolean | undefined> {
  return page.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage);
}

/** The paths of the page-data requests (`/api/pages/…`) the page makes from now on. */
export function recordPageDataRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/pages/')) paths.push(url.pathname);
  });
  return paths;
}

/**
 * Opens `path` and checks that it hydrated from the state the server embedded: no page-data request,
 * no error in the console or the page, and the page's heading still `heading`. `notFoundLogged`: the
 * page answers 404, which Chromium logs as a failed load of the page itself (not an error of ours).
 */
export async function expectHydratedWithoutRefetch(
  page: Page,
  path: string,
  heading: string,
  { notFoundLogged = false }: { notFoundLogged?: boolean } = {},
): Promise<void> {
  const requests = recordPageDataRequests(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !(notFoundLogged && message.text().includes('status of 404')))
      errors.push(message.text());
  });
  await page.goto(path);
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  expect(requests).toEqual([]);
  expect(errors).toEqual([]);
}

/**
 * Waits until the API has answered the change a member's control showed at once. Follow, like, shelf and
 * rating buttons turn as soon as they are pressed, and stay aria-disabled until their request answers.
 * What they show is not kept yet: the request may still be waiting in the browser (for an ID token, for
 * the change's code), and leaving the page then (goto, reload, closing its context) cancels it before it
 * is sent. Call it once the control shows the change: it turned busy in that same render, so enabled
 * again means answered, and nothing of the change is left in flight when the page goes.
 */
export async function expectAnswered(control: Locator): Promise<void> {
  await expect(control).not.toHaveAttribute('aria-disabled', 'true');
}

/** The follower count as the Follow button's label shows it. */
export function followersText(count: number): string {
  return count === 1 ? '1 follower' : `${count.toLocaleString('en-US')} followers`;
}

/** The ID token the browser keeps in its session cookie. */
export async function sessionToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === '__session');
  if (!cookie?.value) throw new Error('The browser holds no session cookie');
  return cookie.value;
}

/** The uid inside an ID token (a JWT: its payload is base64url JSON). */
export function uidOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    user_id?: string;
    sub?: string;
  };
  const uid = payload.user_id ?? payload.sub;
  if (!uid) throw new Error('The ID token names no user');
  return uid;
}

/** The uid of the member the browser's session belongs to. */
export async function sessionUid(context: BrowserContext): Promise<string> {
  return uidOf(await sessionToken(context));
}

/** No WCAG 2 A/AA violation on the page as it is now (`state` names it in the failure). */
export async function expectNoAxeViolations(page: Page, state = ''): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe violations ${state}`,
  ).toEqual([]);
}

/**
 * The widths around the phone layout's edge (720/721 px), the narrowest phone, a common one and a desktop:
 * wherever the header puts a button of its own, the panel it opens must show whole.
 */
const HEADER_PANEL_SCREENS = [
  { width: 320, height: 640 },
  { width: 375, height: 740 },
  { width: 720, height: 800 },
  { width: 721, height: 800 },
  { width: 1280, height: 800 },
];

/**
 * Opens the panel of a header button (the bell, the account menu) at every width of HEADER_PANEL_SCREENS,
 * light and dark, on the home page of a signed-in member, and checks it whole on screen under the header
 * and its button (so the button that closes it stays uncovered), with no sideways scrolling; then Escape
 * closes it and gives focus back to the button. `panelOf` finds the panel once it is open.
 */
export async function expectHeaderPanelOnScreen(
  page: Page,
  button: Locator,
  panelOf: () => Locator | Promise<Locator>,
): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const screen of HEADER_PANEL_SCREENS) {
      const where = `at ${String(screen.width)}×${String(screen.height)}, ${colorScheme}`;
      await page.setViewportSize(screen);
      await openHydrated(page, '/');
      await button.click();
      const panel = await panelOf();
      await expect(panel, where).toBeVisible();
      await expect(panel, where).toBeInViewport({ ratio: 1 });
      const box = await panel.boundingBox();
      const buttonBox = await button.boundingBox();
      const header = await page.locator('.site-header').boundingBox();
      if (!box || !buttonBox || !header)
        throw new Error(`No box for the panel, its button or the header ${where}`);
      expect(box.x, where).toBeGreaterThanOrEqual(0);
      expect(box.y, where).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, where).toBeLessThanOrEqual(screen.width);
      expect(box.y + box.height, where).toBeLessThanOrEqual(screen.height);
      expect(box.y, where).toBeGreaterThanOrEqual(header.y + header.height);
      expect(box.y, where).toBeGreaterThanOrEqual(buttonBox.y + buttonBox.height);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(
        screen.width,
      );
      await page.keyboard.press('Escape');
      await expect(panel, where).toBeHidden();
      await expect(button, where).toBeFocused();
    }
  }
}

/**
 * Waits until the signed-in member's home feed holds `text`. Home feeds are written by the queue's
 * consumer a moment after a post (its batch wait: a second locally, README "Home feed"), so a page opened
 * at once may be read before the post reaches it; a follower sees it on their next load.
 */
export async function homeFeedHolds(page: Page, text: string): Promise<void> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === '__session')?.value;
  if (!token) throw new Error('No session to read the home feed with');
  await expect
    .poll(
      async () => {
        const answer = await page.request.get('/api/feed?limit=25', {
          headers: { Authorization: `Bearer ${token}` },
        });
        return answer.ok() && (await answer.text()).includes(text);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}
