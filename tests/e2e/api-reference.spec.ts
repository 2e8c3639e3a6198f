import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

// The public API's reference page as a developer opens it in Chromium, served by the real Worker: styled
// by its own stylesheet under its strict Content-Security-Policy, readable (axe, desktop and phone), and
// linking to the OpenAPI document their tools take.

const viewports = [
  { label: 'desktop', width: 1280, height: 900 },
  { label: 'phone', width: 390, height: 844 },
];

for (const viewport of viewports)
  test(`the API reference reads well and passes axe on a ${viewport.label}`, async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const response = await page.goto('/api/docs');
    expect(response?.status()).toBe(200);

    await expect(page.getByRole('heading', { level: 1, name: 'Questline API' })).toBeVisible();
    const follow = page.locator('#putFollowsTypeTargetId');
    await expect(follow.getByRole('heading', { level: 3 })).toHaveText('PUT /api/follows/{type}/{targetId}');
    await expect(follow).toContainText('Signed-in members');
    await expect(follow.locator('pre.curl')).toContainText('Authorization: Bearer $ID_TOKEN');
    await expect(follow.getByRole('row', { name: /429 too-many-requests/ })).toBeVisible();
    // The stylesheet came through the policy: the method badge has its colour.
    await expect(follow.locator('h3 .method')).toHaveCSS('background-color', 'rgb(122, 74, 0)');

    // The table of contents leads to each endpoint.
    if (viewport.label === 'desktop') {
      await page
        .getByRole('navigation', { name: 'Endpoints' })
        .getByRole('link', { name: 'GET /search' })
        .click();
      await expect(page).toHaveURL(/#getSearch$/);
    }

    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

test('the reference links to the OpenAPI 3.1 document, which documents what it shows', async ({ page }) => {
  await page.goto('/api/docs');
  const link = page.getByRole('link', { name: 'OpenAPI 3.1 document' });
  const response = await page.request.get((await link.getAttribute('href')) ?? '');
  expect(response.headers()['cache-control']).toMatch(/^public, /);
  const document = (await response.json()) as { openapi: string; paths: Record<string, object> };
  expect(document.openapi).toBe('3.1.1');
  const shown = await page.locator('.operation h3 .path').allTextContents();
  const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map(() => `/api${path}`),
  );
  expect(shown.sort()).toEqual(documented.sort());
});
