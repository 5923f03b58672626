import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { components } from '../../contract/schema.gen.ts';
import { readServerConfig } from '../config.ts';
import { parseJson } from '../json.ts';
import { startService } from '../start.ts';

type Pet = components['schemas']['Pet'];

const dir = mkdtempSync(join(tmpdir(), 'petstore-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const start = (env: Record<string, string>) =>
  startService(
    readServerConfig({
      PETSTORE_DB: join(dir, 'store.sqlite'),
      PORT: '0',
      MESSAGES_PORT: '0',
      LOG_LEVEL: 'silent',
      ...env,
    }),
  );

async function request(url: string, key: string, init: RequestInit = {}) {
  const response = await fetch(url, {
    ...init,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
  });
  return { status: response.status, body: parseJson(await response.text()) };
}

describe('the store on disk', () => {
  it('keeps pets and the demo key across a restart, and seeds only an empty store', async () => {
    const first = await start({});
    const key = first.demoApiKey!;
    expect(key).toMatch(/^demo-/);
    const seeded = (await request(`${first.apiBaseUrl}/pets?limit=100`, key)).body as Pet[];
    expect(seeded.length).toBeGreaterThanOrEqual(20);
    expect(new Set(seeded.map((pet) => pet.status))).toEqual(new Set(['available', 'pending', 'sold']));
    const created = await request(`${first.apiBaseUrl}/pets`, key, {
      method: 'POST',
      body: '{"name":"Survivor","categoryId":9007199254740993}',
    });
    expect(created.status).toBe(201);
    await first.close();

    const second = await start({});
    expect(second.demoApiKey).toBe(key);
    const id = (created.body as Pet).id;
    expect(await request(`${second.apiBaseUrl}/pets/${id}`, key)).toEqual({ status: 200, body: created.body });
    const after = (await request(`${second.apiBaseUrl}/pets?limit=100`, key)).body as Pet[];
    expect(after).toHaveLength(seeded.length + 1);
    await second.close();
  });

  it('accepts only PETSTORE_API_KEYS when they are set, and then starts empty', async () => {
    const service = await start({ PETSTORE_DB: ':memory:', PETSTORE_API_KEYS: 'one, two' });
    expect(service.demoApiKey).toBeUndefined();
    expect(await request(`${service.apiBaseUrl}/pets`, 'two')).toEqual({ status: 200, body: [] });
    expect((await request(`${service.apiBaseUrl}/pets`, 'three')).status).toBe(401);
    await service.close();
  });

  it('gives hundreds of parallel creates each their own id, all readable afterwards', async () => {
    const service = await start({ PETSTORE_DB: ':memory:', PETSTORE_API_KEYS: 'k', PETSTORE_SEED: '0' });
    const created = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        request(`${service.apiBaseUrl}/pets`, 'k', {
          method: 'POST',
          body: JSON.stringify({ name: `P${i}`, categoryId: i }),
        }),
      ),
    );
    expect(created.every((response) => response.status === 201)).toBe(true);
    const ids = created.map((response) => (response.body as Pet).id);
    expect(new Set(ids).size).toBe(300);

    const listed: Pet[] = [];
    let url: string | undefined = `${service.apiBaseUrl}/pets?limit=100`;
    while (url) {
      const response: Response = await fetch(url, { headers: { authorization: 'Bearer k' } });
      listed.push(...(parseJson(await response.text()) as Pet[]));
      const next = /<([^>]*)>;\s*rel="next"/.exec(response.headers.get('link') ?? '');
      url = next ? new URL(next[1]!, url).toString() : undefined;
    }
    expect(listed.map((pet) => pet.id).sort()).toEqual([...ids].sort());
    await service.close();
  });
});

describe('a start that fails part way', () => {
  it('lets go of the port it took: the same start then works', async () => {
    const listening = (port: number) =>
      new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
        const server = createServer().once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve(server));
      });
    const blocker = await listening(0);
    const messagesPort = String((blocker.address() as { port: number }).port);
    const free = await listening(0);
    const port = String((free.address() as { port: number }).port);
    free.close();
    const env = { PETSTORE_DB: join(dir, 'half-started.sqlite'), PORT: port, MESSAGES_PORT: messagesPort };
    await expect(start(env)).rejects.toMatchObject({ code: 'EADDRINUSE' });
    // The pets API's port is free again.
    (await listening(Number(port))).close();
    blocker.close();
    const service = await start(env);
    expect(service.apiBaseUrl).toContain(`:${port}/`);
    await service.close();
  });
});
