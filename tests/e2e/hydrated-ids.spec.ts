import { expect, test, type Page } from '@playwright/test';
import { signUp, uniqueMember } from './auth/auth-helpers.ts';
import { openHydrated } from './page-helpers.ts';

// The ids of a server-rendered page are the browser's own once it has hydrated: React makes `useId`'s
// ids from where a component stands under its root, and the browser hydrates #root as a root, so the
// server must render the app as one too (worker/render/document.tsx). Were they to differ, the server's
// ids would stay in the HTML while React, re-rendering in the browser, wrote its own into the attributes
// it changes: a label, a hint or a list named by an id that no longer exists (a screen reader's user
// would hear a field without its label or its error). Checked on the server-rendered pages with forms.

/** Attributes naming an element by id, as the DOM and as React's props call them. */
const ID_ATTRIBUTES = [
  ['id', 'id'],
  ['for', 'htmlFor'],
  ['aria-describedby', 'aria-describedby'],
  ['aria-labelledby', 'aria-labelledby'],
  ['aria-controls', 'aria-controls'],
] as const;

/**
 * Each attribute naming an id whose value in the page differs from what React holds in its props for that
 * element (React keeps an element's current props on the element, under a `__reactProps$…` key).
 */
async function idsThatDiffer(page: Page): Promise<string[]> {
  return page.evaluate((attributes) => {
    const differ: string[] = [];
    for (const element of document.querySelectorAll('#root *')) {
      const key = Object.keys(element).find((name) => name.startsWith('__reactProps$'));
      if (!key) continue;
      const props = (element as unknown as Record<string, Record<string, unknown>>)[key] ?? {};
      for (const [attribute, prop] of attributes) {
        const fromReact = props[prop];
        if (typeof fromReact !== 'string') continue;
        const inPage = element.getAttribute(attribute);
        if (inPage !== fromReact)
          differ.push(
            `<${element.tagName.toLowerCase()} ${attribute}="${String(inPage)}"> React: "${fromReact}"`,
          );
      }
    }
    return differ;
  }, ID_ATTRIBUTES);
}

/** How many elements of the page carry an id React made with useId (so the check checks something). */
const useIdIds = (page: Page) =>
  page.evaluate(
    () => [...document.querySelectorAll('#root [id]')].filter((e) => /^_R_|^«/.test(e.id)).length,
  );

for (const path of ['/login', '/signup']) {
  test(`the ${path} form's ids are the browser's own after hydration`, async ({ page }) => {
    await openHydrated(page, path);
    expect(await useIdIds(page)).toBeGreaterThan(0);
    expect(await idsThatDiffer(page)).toEqual([]);
  });
}

test('a member’s browse page, rendered by the server for them, keeps its ids after hydration', async ({
  page,
}) => {
  await signUp(page, uniqueMember('ids'));
  await expect(page).toHaveURL(/\/browse$/);
  // Rendered by the server this time, not by the browser's navigation after signing up.
  await page.reload();
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
  expect(await useIdIds(page)).toBeGreaterThan(0);
  expect(await idsThatDiffer(page)).toEqual([]);
});
