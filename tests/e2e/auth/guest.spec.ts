import { expect, test } from '@playwright/test';
import { ownerDatabase } from '../database.ts';
import { uniqueMember } from './auth-helpers.ts';

test('a guest gets a web- name, and keeps what it did when it signs up', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('#root[data-hydrated="true"]')).toBeAttached();
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page).toHaveURL(/\/browse$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Hi, web-[A-Za-z0-9]{8}$/);
  const uid = await page.evaluate(async () => {
    const response = await fetch('/api/me', {
      headers: { Authorization: `Bearer ${/__session=([^;]+)/.exec(document.cookie)?.[1] ?? ''}` },
    });
    return ((await response.json()) as { uid: string }).uid;
  });
  expect((await page.getByRole('heading', { level: 1 }).textContent())?.endsWith(uid.slice(-8))).toBe(true);

  // Something the guest did (a follow, as the follow API records it).
  await ownerDatabase().patch('', { [`users/${uid}/private/follows/games/portal-2`]: 1700000000000 });

  const member = uniqueMember('upgraded');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Username').fill(member.username);
  await page.getByLabel('E-mail').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(/\/browse$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hi, ${member.username}`);
  const db = ownerDatabase();
  expect(await db.get(`users/${uid}/public/username`)).toBe(member.username);
  expect(await db.get(`users/${uid}/private/follows/games/portal-2`)).toBe(1700000000000);
});
