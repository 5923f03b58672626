import {
  API_BASE_URL,
  APP_ORIGIN,
  createPetViaApi,
  expect,
  expectNoAxeViolations,
  jsonAnswer,
  recordApiRequests,
  openSignedIn,
  test,
  uniqueName,
} from './support.ts';

test.describe('pet detail', () => {
  test('on a phone, the way back to the list and Copy ID are targets a thumb can hit', async ({ page, request }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const pet = await createPetViaApi(request, { name: uniqueName('Thumb') });
    await openSignedIn(page, { path: `pets/${pet.id}` });
    const back = page.getByRole('link', { name: '← All pets' });
    const box = (await back.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    // Copy ID, small at a desk, is as tall as the other buttons (40 px).
    expect((await page.getByRole('button', { name: 'Copy ID' }).boundingBox())!.height).toBeGreaterThanOrEqual(40);
    // A tap near its edge, off the text, still leads back.
    await page.mouse.click(box.x + 4, box.y + 3);
    await expect(page.getByRole('heading', { name: 'Pets', exact: true })).toBeVisible();
  });

  test(
    'shows a pet from the list at once, then refreshes it from getPet',
    { tag: '@core' },
    async ({ page, request, service }) => {
      const pet = await createPetViaApi(
        request,
        { name: uniqueName('Detail'), categoryId: 8n, status: 'sold' },
        service,
      );
      await openSignedIn(page, { service });
      await expect(page.getByRole('table').getByRole('row').filter({ hasText: pet.name })).toBeVisible();
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(`${service.apiBaseUrl}/pets/${pet.id}`, async (route) => {
        await released;
        await route.fulfill(jsonAnswer({ ...pet, name: `${pet.name} (renamed)` }));
      });
      await page.getByRole('link', { name: pet.name }).click();
      // From the list's data, before getPet has answered.
      await expect(page.getByRole('heading', { name: pet.name })).toBeVisible();
      await expect(page.getByRole('definition')).toHaveText([String(pet.id), pet.name, '8', 'Sold']);
      // The menu says which part of the app this is.
      const menu = page.getByRole('navigation', { name: 'Main' });
      await expect(menu.getByRole('link', { name: 'Pets' })).toHaveAttribute('aria-current', 'true');
      await expect(menu.getByRole('link', { name: 'Add pet' })).not.toHaveAttribute('aria-current');
      release();
      await expect(page.getByRole('heading', { name: `${pet.name} (renamed)` })).toBeVisible();
      await expectNoAxeViolations(page);
    },
  );

  test('says "pet not found" for an unknown id, with a way back', async ({ page }) => {
    await openSignedIn(page, { path: 'pets/987654321' });
    await expect(page.getByRole('heading', { name: 'Pet not found' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: '← All pets' }).click();
    await expect(page.getByRole('heading', { name: 'Pets', exact: true })).toBeVisible();
  });

  test('says "pet not found" for a non-integer id without asking the service', async ({ page }) => {
    await openSignedIn(page);
    await expect(page.getByRole('table')).toBeVisible();
    const requests = recordApiRequests(page);
    for (const id of ['abc', '1.5', '99999999999999999999', '-']) {
      await page.goto(`pets/${id}`);
      await expect(page.getByRole('heading', { name: 'Pet not found' })).toBeVisible();
    }
    expect(requests.filter((url) => /\/pets\/[^/]+$/.test(url.pathname))).toEqual([]);
  });

  for (const status of [404, 405, 410, 501]) {
    test(
      `keeps working when getPet answers ${status}: the pet is found through GET /pets`,
      { tag: status === 404 ? '@core' : [] },
      async ({ page, request, service }) => {
        const pet = await createPetViaApi(
          request,
          { name: uniqueName(`Fallback ${status}`), status: 'pending' },
          service,
        );
        await page.route(new RegExp(`/v1/pets/\\d+$`), (route) =>
          route.fulfill({ status, json: { code: 'gone', message: 'getPet is gone', status } }),
        );
        const requests = recordApiRequests(page, service);
        await openSignedIn(page, { path: `pets/${pet.id}`, service });
        await expect(page.getByRole('heading', { name: pet.name })).toBeVisible();
        await expect(page.getByRole('definition')).toHaveText([String(pet.id), pet.name, '1', 'Pending']);
        const listCalls = requests.filter(
          (url) => url.pathname.endsWith('/pets') && url.searchParams.get('limit') === '100',
        );
        // The whole list (the only one with pets that have no status) and each status's.
        expect(new Set(listCalls.map((url) => url.searchParams.get('status')))).toEqual(
          new Set([null, 'available', 'pending', 'sold']),
        );
      },
    );
  }

  test('follows next links in the fallback, and says not found when no page has the pet', async ({ page }) => {
    await page.route(/\/v1\/pets\/\d+$/, (route) =>
      route.fulfill({ status: 410, json: { code: 'gone', message: 'gone', status: 410 } }),
    );
    // A first page that is empty but points further on, as a big store would answer, and a last
    // page (the one the cursor leads to) without the pet either.
    const cursor = 'further-on';
    const headers = { 'access-control-allow-origin': APP_ORIGIN, 'access-control-expose-headers': 'Link' };
    await page.route(`${API_BASE_URL}/pets?limit=100&status=available`, (route) =>
      route.fulfill({
        json: [],
        headers: { ...headers, link: `<?limit=100&status=available&cursor=${cursor}>; rel="next"` },
      }),
    );
    await page.route(`${API_BASE_URL}/pets?limit=100&status=available&cursor=${cursor}`, (route) =>
      route.fulfill({ json: [], headers }),
    );
    const requests = recordApiRequests(page);
    await openSignedIn(page, { path: 'pets/424242424242' });
    await expect(page.getByRole('heading', { name: 'Pet not found' })).toBeVisible();
    expect(requests.some((url) => url.searchParams.get('cursor') === cursor)).toBe(true);
  });

  test('warns the engineers once in the console that getPet is deprecated', async ({
    page,
    request,
    consoleMessages,
  }) => {
    const first = await createPetViaApi(request, { name: uniqueName('Warn A') });
    const second = await createPetViaApi(request, { name: uniqueName('Warn B') });
    await openSignedIn(page, { path: `pets/${first.id}` });
    await expect(page.getByRole('heading', { name: first.name })).toBeVisible();
    await page.goto(`pets/${second.id}`);
    await expect(page.getByRole('heading', { name: second.name })).toBeVisible();
    await page.getByRole('link', { name: '← All pets' }).click();
    await expect(page.getByRole('heading', { name: 'Pets', exact: true })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { name: second.name })).toBeVisible();
    const warnings = consoleMessages.filter(
      (message) => message.startsWith('warning') && message.includes('deprecated'),
    );
    expect(warnings.length).toBeGreaterThanOrEqual(1);
    expect(warnings[0]).toContain('Sunset: Thu, 05 Dec 2030 00:00:00 GMT');
    // One warning per page load, whatever the number of pets viewed.
    expect(warnings.length).toBeLessThanOrEqual(2);
  });
});
