// What people who see less set at a desk: the page zoomed to 400% (320 CSS px wide, WCAG's reflow),
// and forced colours (Windows' contrast themes).
import { LAUNCH_OPTIONS } from './env.ts';
import { expect, signIn, test } from './support.ts';

// A desk's scrollbar takes its room, as it does in a browser on a desk: headless Chromium hides it.
test.use({
  viewport: { width: 320, height: 640 },
  launchOptions: { ...LAUNCH_OPTIONS, ignoreDefaultArgs: ['--hide-scrollbars'] },
});

test('no page scrolls sideways: each fits in 320 px less the scrollbar', async ({ page }) => {
  /** How far the page scrolls sideways: what it is wider than the room the scrollbar leaves. */
  const sideways = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await page.goto('pets');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await sideways()).toBeLessThanOrEqual(0);
  await signIn(page);
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  expect(await sideways()).toBeLessThanOrEqual(0);
  await page.getByRole('table').getByRole('row').nth(1).getByRole('link').click();
  await expect(page.getByRole('link', { name: '← All pets' })).toBeVisible();
  expect(await sideways()).toBeLessThanOrEqual(0);
  for (const [link, heading] of [
    ['Add pet', 'Add a pet'],
    ['Messages', 'Messages'],
  ] as const) {
    await page.getByRole('navigation').getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await sideways()).toBeLessThanOrEqual(0);
  }
});

test('in forced colours, the menu still marks the page you are on', async ({ page }) => {
  await page.emulateMedia({ forcedColors: 'active' });
  await signIn(page);
  // The frame shown while the list loads has links of its own, marked alike: measure the app's.
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  const menu = page.getByRole('navigation');
  const underline = (name: string) =>
    menu.getByRole('link', { name }).evaluate((link) => getComputedStyle(link).borderBottomColor);
  await expect(menu.getByRole('link', { name: 'Pets' })).toHaveAttribute('aria-current', 'page');
  expect(await underline('Pets')).not.toBe(await underline('Add pet'));
  expect(await underline('Add pet')).toBe(await underline('Messages'));
});

test('at 200% (640 px), the sort buttons above the cards sit evenly spaced, not in the columns’ widths', async ({
  page,
}) => {
  await page.setViewportSize({ width: 640, height: 800 });
  await signIn(page);
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  const boxes = await page
    .getByRole('columnheader')
    .getByRole('button')
    .evaluateAll((headers) => headers.map((header) => header.getBoundingClientRect().toJSON() as DOMRect));
  const gaps = boxes.slice(1).flatMap((box, i) => (box.top === boxes[i]!.top ? [box.left - boxes[i]!.right] : []));
  expect(gaps.length).toBeGreaterThan(0);
  // The row's gap is 1.25rem (20 px).
  for (const gap of gaps) expect(gap).toBeLessThanOrEqual(21);
});
