import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Database } from '../sqlite.ts';

const dir = mkdtempSync(join(tmpdir(), 'petstore-crash-'));
const db = join(dir, 'store.sqlite');
const children: ChildProcessWithoutNullStreams[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Starts `npm run server`'s entry point as its own process and reads its addresses. */
async function startServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PETSTORE_DB: db, PORT: '0', MESSAGES_PORT: '0', PETSTORE_API_KEYS: 'k', PETSTORE_SEED: '0' },
  });
  children.push(child);
  let output = '';
  const [api, messages] = await new Promise<[string, string]>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const api = /Pet store API: +(\S+)/.exec(output)?.[1];
      const messages = /Messages service: +(\S+)/.exec(output)?.[1];
      if (api && messages) resolve([api, messages]);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return { child, api, messages };
}

const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('a crash between requests', () => {
  it('loses nothing that was answered: pets and queued messages survive kill -9', async () => {
    const first = await startServer();
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(`${first.api}/pets`, { name: `Crash ${i}`, categoryId: i })),
    );
    expect(created.every((response) => response.status === 201)).toBe(true);
    expect((await post(`${first.messages}/messages`, { message: 'Survive this' })).status).toBe(200);
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));

    const second = await startServer();
    const response = await fetch(`${second.api}/pets?limit=100`, { headers: { authorization: 'Bearer k' } });
    expect(((await response.json()) as unknown[]).length).toBe(20);
    second.child.kill('SIGKILL');

    const file = new Database(db, { readonly: true });
    expect(file.prepare('SELECT message FROM messages').all()).toEqual([{ message: 'Survive this' }]);
    file.close();
  }, 30_000);
});
