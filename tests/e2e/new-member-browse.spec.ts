import { expect, test } from '@playwright/test';
import { signUp, uniqueMember } from './auth/auth-helpers.ts';
import { openHydrated } from './page-helpers.ts';

// A new member has not written a profile: their settings on /browse read it on every visit, and find an
// empty one, not a 404 that Chromium would log as a failed load in the console.
test('a new member’s browse page reads their empty profile without a failed request', async ({ page }) => {
  const failedProfileLoads: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.location().url.includes('/api/profiles/'))
      failedProfileLoads.push(message.text());
  });
  const profileAnswers: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/profiles/')) profileAnswers.push(response.status());
  });

  await signUp(page, uniqueMember('newcomer'));
  await expect(page).toHaveURL(/\/browse$/);
  await openHydrated(page, '/browse');
  await page.getByRole('main').getByText('Your profile', { exact: true }).click();
  // Loaded: the text fields are empty and the profile can be saved.
  await expect(page.getByRole('button', { name: 'Save profile' })).toBeEnabled();
  await expect(page.getByLabel('Brief')).toHaveValue('');

  expect(profileAnswers.length).toBeGreaterThan(0);
  expect(profileAnswers.every((status) => status === 200)).toBe(true);
  expect(failedProfileLoads).toEqual([]);
});
