// What people who see less set at a desk: the page zoomed to 400% (320 CSS px wide, WCAG's reflow),
// text alone at 200% on a phone's width (WCAG's resize text), and forced colours (Windows' contrast
// themes).
import type { Locator, Page } from '@playwright/test';
import { LAUNCH_OPTIONS } from './env.ts';
import { createPetViaApi, expect, openSignedIn, test } from './support.ts';

// A desk's scrollbar takes its room, as it does in a browser on a desk: headless Chromium hides it.
test.use({
  viewport: { width: 320, height: 640 },
  launchOptions: { ...LAUNCH_OPTIONS, ignoreDefaultArgs: ['--hide-scrollbars'] },
});

/** How far the page scrolls sideways: what it is wider than the room the scrollbar leaves. */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Goes from the sign-in screen through the list, a pet, Add pet and Messages: none scrolls sideways. */
async function expectNoPageScrollsSideways(page: Page) {
  await page.goto('pets');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  await openSignedIn(page);
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  await page.getByRole('table').getByRole('row').nth(1).getByRole('link').click();
  await expect(page.getByRole('link', { name: '← Back to the list' })).toBeVisible();
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  for (const [link, heading] of [
    ['Add pet', 'Add a pet'],
    ['Messages', 'Messages'],
  ] as const) {
    await page.getByRole('navigation').getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  }
}

test('no page scrolls sideways: each fits in 320 px less the scrollbar', async ({ page }) => {
  await expectNoPageScrollsSideways(page);
});

test('on a phone at 100% text, Show key stays beside the key field, a scrollbar taking its room too', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('sign-in');
  const field = await page.getByLabel('API key', { exact: true }).boundingBox();
  const button = await page.getByRole('button', { name: 'Show key' }).boundingBox();
  expect(button!.y).toBeLessThan(field!.y + field!.height);
  expect(button!.x).toBeGreaterThan(field!.x + field!.width);
});

test('in forced colours, the menu still marks the page you are on', async ({ page }) => {
  await page.emulateMedia({ forcedColors: 'active' });
  await openSignedIn(page);
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
  await openSignedIn(page);
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

/**
 * The words of `element`'s text drawn across two lines, and of its ::before's label (a card's
 * "Category:") those it has no room for on one line.
 */
const brokenWords = (element: Locator) =>
  element.evaluate((root) => {
    const broken: string[] = [];
    const texts = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
      for (const word of text.textContent!.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, word.index);
        range.setEnd(text, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(word[0]);
      }
    }
    const label = getComputedStyle(root, '::before');
    const words =
      root instanceof HTMLElement && !['none', 'normal'].includes(label.content) ? `${root.dataset['label']}:` : '';
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = label.font;
    if (words && context.measureText(words).width > root.clientWidth) broken.push(words);
    return broken;
  });

test.describe('at 375 px with text at 200% (a browser’s text size, the layout’s widths unchanged)', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    // The root's size, as the browser's setting sets it; through the CSSOM, which the CSP allows.
    await page.addInitScript(() => {
      const large = () => document.documentElement.style.setProperty('font-size', '200%');
      if (document.documentElement) return large();
      new MutationObserver((_, observer) => {
        if (!document.documentElement) return;
        large();
        observer.disconnect();
      }).observe(document, { childList: true });
    });
  });

  /** The text is at 200%, the test's premise. */
  const expectLargeText = async (page: Page) =>
    expect(await page.evaluate(() => getComputedStyle(document.body).fontSize)).toBe('32px');

  test('no page scrolls sideways, and the key field keeps room to type in', async ({ page }) => {
    await page.goto('pets');
    const field = page.getByLabel('API key', { exact: true });
    await expect(field).toBeVisible();
    await expectLargeText(page);
    // Room for a few characters at least: its button goes below it rather than squeeze it.
    expect((await field.boundingBox())!.width).toBeGreaterThanOrEqual(5 * 32);
    await expectNoPageScrollsSideways(page);
  });

  test('the header is compact: names break between words, every menu link shows whole', async ({ page }) => {
    await openSignedIn(page);
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    await expectLargeText(page);
    const header = page.getByRole('banner');
    expect(await brokenWords(header)).toEqual([]);
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(812 / 2);
    // The word "Environment" goes from sight, not from a screen reader's reading.
    await expect(header).toMatchAriaSnapshot('- paragraph: /^Environment \\S/');
    const menu = page.getByRole('navigation', { name: 'Main' });
    // Nothing in the menu out of sight, to be scrolled to.
    expect(await menu.getByRole('list').evaluate((list) => list.scrollWidth - list.clientWidth)).toBeLessThanOrEqual(0);
    const room = await page.evaluate(() => document.documentElement.clientWidth);
    for (const link of await menu.getByRole('link').all()) {
      const box = (await link.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(room);
      expect(await link.evaluate((a) => a.scrollWidth - a.clientWidth)).toBeLessThanOrEqual(0);
    }
  });

  test('a pet’s page breaks a 19-digit category ID rather than scroll sideways', async ({ page, request }) => {
    const pet = await createPetViaApi(request, { name: 'Rex', categoryId: 9223372036854775807n, status: 'sold' });
    await openSignedIn(page, { path: `pets/${pet.id}` });
    await expect(page.getByRole('definition').filter({ hasText: '9223372036854775807' })).toBeVisible();
    await expectLargeText(page);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  });

  test('a pet’s card breaks its name and labels between words', async ({ page, request }) => {
    const name = `Socks the ${Math.random().toString(36).slice(2, 8)}`;
    await createPetViaApi(request, { name, status: 'available' });
    await openSignedIn(page, { path: `pets?q=${encodeURIComponent(name)}` });
    const row = page.getByRole('table').getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expectLargeText(page);
    for (const cell of await row.getByRole('cell').all()) expect(await brokenWords(cell)).toEqual([]);
  });
});

test('the table the pager moves the focus to shows it, light, dark and in forced colours', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openSignedIn(page, { path: 'pets?limit=10' });
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(11);
  for (const media of [{ colorScheme: 'light' }, { colorScheme: 'dark' }, { forcedColors: 'active' }] as const) {
    await page.emulateMedia(media);
    await page.goto('pets?limit=10');
    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(11);
    await page.getByRole('link', { name: 'Next page' }).first().press('Enter');
    await expect(table).toBeFocused();
    const outline = await table.evaluate((element) => {
      const { outlineStyle, outlineWidth, outlineColor } = getComputedStyle(element);
      const background = getComputedStyle(document.documentElement).backgroundColor;
      return { style: outlineStyle, width: parseFloat(outlineWidth), onPage: outlineColor !== background };
    });
    expect(outline, JSON.stringify(media)).toEqual({ style: 'solid', width: expect.any(Number), onPage: true });
    expect(outline.width).toBeGreaterThanOrEqual(2);
  }
});
