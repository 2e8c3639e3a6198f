import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from '../../scripts/stack/demo-accounts.ts';

test('a developer can sign in as a demo member with the documented password', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
  await page.getByLabel('E-mail').fill('ana_roguelites@demo.questline.invalid');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(/\/browse$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hi, ana_roguelites');
});
