// The service stops taking the key mid-session: a dialog over the page asks for another, and the
// page carries on; leaving instead keeps what was typed for the next key signed in.
import type { Page } from '@playwright/test';
import { storageKey } from '../src/lib/session.ts';
import {
  API_KEY,
  describedOnFocus,
  ENVIRONMENT,
  expect,
  expectNoAxeViolations,
  openSignedIn,
  revokeKey,
  test,
  uniqueName,
} from './support.ts';

async function fillPet(page: Page, name: string) {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Category ID').fill('77');
  await page.getByLabel('Status').selectOption('Sold');
}

/** The list shown, then the key revoked: the next read (10 rows per page) asks for a new key. */
async function askedAgainFromTheList(page: Page) {
  await openSignedIn(page);
  await expect(page.getByRole('table')).toBeVisible();
  await revokeKey(page);
  await page.getByLabel('Rows per page').selectOption('10');
  return page.getByRole('dialog', { name: 'Sign in again' });
}

test(
  'a key revoked mid-form is renewed in a dialog, and the pet is added with what was typed',
  { tag: '@core' },
  async ({ page, service }) => {
    const name = uniqueName('Revoked');
    await openSignedIn(page, { path: 'pets/new', service });
    await fillPet(page, name);
    await revokeKey(page, service);
    await page.getByRole('button', { name: 'Add pet' }).click();

    const dialog = page.getByRole('dialog', { name: 'Sign in again' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`${service.environment} no longer accepts your API key`);
    await expect(dialog.getByLabel('API key', { exact: true })).toBeFocused();
    await expectNoAxeViolations(page);
    // Keyboard only: a wrong key first, then the right one.
    await page.keyboard.type('not-a-key');
    await page.keyboard.press('Enter');
    // Shown beside the field, and read out by the dialog, as the focus stays in the field.
    await expect(dialog.getByLabel('API key', { exact: true })).toHaveAccessibleDescription(
      /^This API key was not accepted/,
    );
    await expect(dialog.getByRole('status').filter({ hasText: 'This API key was not accepted' })).toHaveCount(1);
    await expect(dialog.getByLabel('API key', { exact: true })).toBeFocused();
    // The key refused is selected: the next one typed replaces it.
    await page.keyboard.type('e2e-other-key');
    await expect(dialog.getByText('This API key was not accepted')).toHaveCount(0);
    await page.keyboard.press('Enter');

    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByRole('definition').nth(2)).toHaveText('77');
  },
);

test('a key refused in the dialog, after a click on Sign in, is read out with the field the focus moves to', async ({
  page,
}) => {
  const dialog = await askedAgainFromTheList(page);
  const field = dialog.getByLabel('API key', { exact: true });
  await field.fill('not-a-key');
  const described = await describedOnFocus(field);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(field).toBeFocused();
  expect(await described()).toContain('This API key was not accepted');
});

test('a list read that meets a revoked key waits for the new one, then shows its rows', async ({ page }) => {
  const dialog = await askedAgainFromTheList(page);
  await dialog.getByLabel('API key', { exact: true }).fill('e2e-other-key');
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Showing the first 10 pets.' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a new key the service could not check is kept as typed, and sent again as it is', async ({ page }) => {
  const dialog = await askedAgainFromTheList(page);
  const field = dialog.getByLabel('API key', { exact: true });
  await page.route('**/v1/pets?limit=1', (route) => route.abort('connectionrefused'));
  await field.fill('e2e-other-key');
  await page.keyboard.press('Enter');
  await expect(field).toHaveAccessibleDescription(/can't be reached/);
  // Not selected: a key typed by mistake does not replace it.
  await expect(field).toBeFocused();
  await page.keyboard.type('!');
  await expect(field).toHaveValue('e2e-other-key!');
  await page.keyboard.press('Backspace');
  await page.unroute('**/v1/pets?limit=1');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Showing the first 10 pets.' })).toBeVisible();
});

test('Sign in later leaves for sign-in; a new key signed in there finds every form as it was left', async ({
  page,
}) => {
  await openSignedIn(page, { path: 'pets/new' });
  const name = uniqueName('Drafted');
  await fillPet(page, name);
  await page.getByRole('link', { name: 'Messages' }).click();
  await page.getByLabel('Message', { exact: true }).fill('Half-written note');
  await revokeKey(page);
  await page.getByRole('button', { name: 'Send message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in again' });
  // Both ways out lead to sign-in: each says, to the eye and to the ear, which one keeps the work.
  const ways = /^Sign in later keeps what you typed and what waits to be sent, for the next key signed in on this tab/;
  await expect(dialog.getByText(ways)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Sign in later' })).toHaveAccessibleDescription(ways);
  await expect(dialog.getByRole('button', { name: 'Sign out' })).toHaveAccessibleDescription(ways);
  await dialog.getByRole('button', { name: 'Sign in later' }).click();
  await expect(page).toHaveURL(/sign-in\?next=%2Fmessages/);
  await expect(page.getByRole('alert')).toHaveText(
    'Your API key is no longer accepted. Sign in again to carry on: the forms you were filling in come back as you left them.',
  );
  await page.unrouteAll();

  // The revoked key cannot come back: the person signs in with a new one.
  await page.getByLabel('Environment').selectOption(ENVIRONMENT);
  await page.getByLabel('API key', { exact: true }).fill('e2e-other-key');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Half-written note');
  await page.getByRole('link', { name: 'Add pet' }).first().click();
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await expect(page.getByLabel('Category ID')).toHaveValue('77');
  // Signing out, unlike a key that stops working, drops the drafts: it asks first.
  await page.getByRole('button', { name: 'Sign out' }).click();
  const confirm = page.getByRole('dialog', { name: 'Sign out and lose what you typed?' });
  await expect(confirm).toContainText('Typed and not sent: the pet you were adding and the message you were writing.');
  await confirm.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await confirm.getByRole('button', { name: 'Sign out and lose them' }).click();
  await expect(page.getByRole('main').getByText('You have signed out.')).toBeVisible();
});

test('the same key signing in again gets its drafts back', async ({ page }) => {
  await openSignedIn(page, { path: 'pets/new' });
  const name = uniqueName('Kept');
  await fillPet(page, name);
  await revokeKey(page);
  await page.getByRole('button', { name: 'Add pet' }).click();
  await page.getByRole('dialog', { name: 'Sign in again' }).press('Escape');
  await expect(page).toHaveURL(/sign-in/);
  await page.unrouteAll();
  await page.getByLabel('Environment').selectOption(ENVIRONMENT);
  await page.getByLabel('API key', { exact: true }).fill(API_KEY);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await expect(page.getByLabel('Category ID')).toHaveValue('77');
  // As the same owner, not handed over from another: nothing is left kept for an expired session.
  expect(await page.evaluate((key) => sessionStorage.getItem(key), storageKey('expired'))).toBeNull();
});
