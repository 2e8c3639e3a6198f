import { expect, test, type Page } from '@playwright/test';
import { encode } from 'fast-png';
import { signUp, uniqueMember } from './auth/auth-helpers.ts';
import { ownerDatabase } from './database.ts';
import { expectNoAxeViolations, openHydrated, sessionToken, sessionUid } from './page-helpers.ts';

// A member's profile from browse: text with its limits, and the icon and header chosen, previewed as
// they will be stored (the browser redraws them as PNG), uploaded, then seen on the member's own page.
// With LOOK_SHOTS=<folder>, the user page with its pictures is saved there, phone and desktop.
const SHOTS = process.env.LOOK_SHOTS;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** A real picture: a diagonal gradient of `width`×`height` pixels, as a PNG file's bytes. */
function gradientPng(width: number, height: number, hue: [number, number, number]): Buffer {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      data.set([hue[0] * t, hue[1] * (1 - t), hue[2], 255], (y * width + x) * 4);
    }
  return Buffer.from(encode({ width, height, data, channels: 4, depth: 8 }));
}

async function openProfileEditor(page: Page): Promise<void> {
  await openHydrated(page, '/browse');
  await page.getByRole('main').getByText('Your profile', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Pictures', exact: true })).toBeVisible();
}

test('a member is told why a file is refused, then uploads an icon and a header shown on their page', async ({
  page,
  context,
}) => {
  const member = uniqueMember('pictures');
  await signUp(page, member);
  await expect(page).toHaveURL(/\/browse$/);
  await openProfileEditor(page);

  // A text file named like a picture never leaves the browser.
  await page.getByLabel('Icon', { exact: true }).setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('these are not pixels'),
  });
  await expect(page.getByRole('alert')).toHaveText(
    'This picture cannot be read. It may be damaged: try another file.',
  );
  await expect(page.getByRole('button', { name: 'Upload icon' })).toHaveCount(0);

  // A wide picture becomes a square icon, previewed before it is sent.
  await page.getByLabel('Icon', { exact: true }).setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: gradientPng(640, 480, [240, 180, 60]),
  });
  await expect(page.getByRole('img', { name: 'Preview of your new icon' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Upload icon' }).press('Enter');
  await expect(page.getByText('Your icon is updated.')).toBeVisible();

  await page.getByLabel('Header image', { exact: true }).setInputFiles({
    name: 'banner.png',
    mimeType: 'image/png',
    buffer: gradientPng(2400, 900, [60, 200, 240]),
  });
  await expect(page.getByRole('img', { name: 'Preview of your new header' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload header' }).click();
  await expect(page.getByText('Your header image is updated.')).toBeVisible();

  // Text over the limit is marked before anything is sent.
  await page.getByLabel('Brief').fill('x'.repeat(170));
  await expect(page.getByRole('alert')).toHaveText('At most 160 characters: 10 too many.');
  await page.getByLabel('Brief').fill('Roguelites after midnight.');
  await page.getByLabel('Details', { exact: true }).fill('Speedruns on weekends.\nAsk me about Hades <3');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile is saved.')).toBeVisible();
  await expectNoAxeViolations(page, 'profile editor');
  if (SHOTS) {
    await page.setViewportSize(PHONE);
    await page.locator('.profile-editor').screenshot({ path: `${SHOTS}/profile-editor-phone.png` });
    await page.setViewportSize(DESKTOP);
  }

  const uid = await sessionUid(context);
  await openHydrated(page, `/user/${member.username}`);
  const icon = page.locator('.user-icon img');
  await expect(icon).toHaveAttribute('src', new RegExp(`^/media/users/${uid}/icon\\.png\\?v=[0-9a-f]{16}$`));
  await expect
    .poll(() => icon.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBe(256);
  const header = page.locator('.user-header-image img');
  await expect
    .poll(() => header.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBe(1333);
  await expect(page.locator('.user-brief')).toHaveText('Roguelites after midnight.');
  await expect(page.locator('.user-details')).toHaveText('Speedruns on weekends.\nAsk me about Hades <3');

  if (SHOTS) {
    for (const [name, size] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      await page.setViewportSize(size);
      await page.screenshot({ path: `${SHOTS}/user-page-pictures-${name}.png`, fullPage: true });
    }
  }
});

test('a guest is offered no pictures on browse, and an upload sent anyway is refused and stores nothing', async ({
  page,
  context,
}) => {
  await openHydrated(page, '/login');
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await expect(page).toHaveURL(/\/browse$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Hi, web-[A-Za-z0-9]{8}$/);
  await expect(page.getByText('You are browsing as a guest.')).toBeVisible();
  // The account menu links to the guest's page; the profile editor (text and pictures) is not there.
  await expect(page.locator('summary', { hasText: 'Your profile' })).toHaveCount(0);
  await expect(page.locator('.profile-editor')).toHaveCount(0);
  await expect(page.getByLabel('Icon', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Header image', { exact: true })).toHaveCount(0);

  // The guest's own token (made by anon-auth through the Worker), as a script would send it.
  const uid = await sessionUid(context);
  const response = await page.request.put('/api/users/me/images/icon', {
    headers: { Authorization: `Bearer ${await sessionToken(context)}`, 'Content-Type': 'image/png' },
    data: gradientPng(64, 64, [240, 180, 60]),
  });
  expect(response.status()).toBe(403);
  expect(await response.json()).toEqual({
    error: {
      code: 'forbidden',
      message: 'Guests cannot add profile pictures. Create an account to add yours.',
    },
  });
  const db = ownerDatabase();
  expect(await db.get(`users/${uid}/public/icon`)).toBeNull();
  expect((await page.request.get(`/media/users/${uid}/icon.png`)).status()).toBe(404);
});
