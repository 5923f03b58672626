// The service under faults an operator or an attacker brings: a log that grows, another process's
// lock, stalled and malformed requests, logs at trace, caches, near-numbers, retried creates and
// wrong keys. Over real HTTP where the fault lives below Fastify; loopback only, bounded loops.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_LIFETIME_MS } from '../../contract/limits.ts';
import { createHttpApp } from '../http.ts';
import { createKeyRing } from '../keys.ts';
import { registerPetRoutes } from '../pets-routes.ts';
import { SQLITE_DRIVER } from '../sqlite.ts';
import { createCursorCodec } from '../cursors.ts';
import { openSqliteStore as openStore } from '../sqlite-store.ts';
import { StoreUnavailableError } from '../store.ts';
import { APP_ORIGIN, auth, call, createTestService, errorBody, KEY, OTHER_KEY, postJson } from './helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'petstore-faults-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A raw HTTP exchange: what the server answered before closing the connection. */
function raw(port: number, send: (write: (text: string) => void) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const unanswered = setTimeout(() => socket.destroy(new Error('no answer in 20 s')), 20_000);
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('close', () => {
      clearTimeout(unanswered);
      resolve(text);
    });
    socket.on('error', reject);
    socket.on('connect', () => send((data) => socket.write(data)));
  });
}

const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;

async function listening(options: Parameters<typeof createHttpApp>[0] & { store?: ReturnType<typeof openStore> }) {
  const store = options.store ?? openStore(':memory:');
  const app = await createHttpApp(options);
  registerPetRoutes(app, store, createCursorCodec([await store.cursorSecret()]));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  return { app, store, port, close: () => app.close().then(() => store.close()) };
}

describe('the write-ahead log', () => {
  it('stays small over thousands of creates, the rows checkpointed into the database file', async () => {
    const file = join(dir, 'wal.sqlite');
    const store = openStore(file);
    for (let i = 0; i < 3000; i++) await store.createPet(`Pet ${i}`, BigInt(i), 'available');
    const wal = statSync(`${file}-wal`).size;
    const main = statSync(file).size;
    await store.close();
    // Before the fix: about 13 KB of log per create (39 MB here), and a 4 KiB database file.
    expect(wal).toBeLessThan(5 * 1024 * 1024);
    expect(main).toBeGreaterThan(64 * 1024);
  });
});

describe("another process holding the database's write lock", () => {
  it('leaves reads unblocked, and answers a write 503 service_busy with Retry-After while the lock is held', async () => {
    const file = join(dir, 'locked.sqlite');
    const service = await createTestService(file);
    await service.store.createPet('Before the lock', 1n, 'available');
    // A second process takes the write lock, and keeps it until told to let go.
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `const db = new (require(${JSON.stringify(SQLITE_DRIVER)}))(${JSON.stringify(file)});
         db.exec('BEGIN IMMEDIATE'); console.log('locked');
         process.stdin.once('data', () => { db.exec('COMMIT'); db.close(); process.exit(0); });`,
      ],
      { cwd: process.cwd(), stdio: ['pipe', 'pipe', 'inherit'] },
    );
    await once(holder.stdout, 'data');

    let writeAnswered = false;
    const write = call(service.pets, postJson('/v1/pets', { name: 'During the lock', categoryId: 1 })).finally(
      () => (writeAnswered = true),
    );
    // While the write waits for the lock, reads are answered: the event loop is free.
    const [contract, list] = await Promise.all([
      call(service.pets, { method: 'GET', url: '/v1/openapi.json' }),
      call(service.pets, { method: 'GET', url: '/v1/pets', headers: auth }),
    ]);
    expect(writeAnswered).toBe(false);
    expect(contract.status).toBe(200);
    expect((list.body as unknown[]).length).toBe(1);

    // Answered with the lock still held: the write gave up waiting, as a client would.
    const refused = await write;
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual(errorBody(503, 'service_busy'));
    expect(refused.headers['retry-after']).toBe('1');

    holder.stdin.end('let go\n');
    await once(holder, 'exit');
    const after = await call(service.pets, postJson('/v1/pets', { name: 'After the lock', categoryId: 1 }));
    expect(after.status).toBe(201);
    await service.close();
  });
});

describe('time limits', () => {
  const stalledBody = (authorization: string) =>
    `POST /v1/pets HTTP/1.1\r\nHost: x\r\n${authorization}Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{`;

  it.each([
    ['a body that stalls', stalledBody(`Authorization: Bearer ${KEY}\r\n`)],
    ['headers that never end', 'GET /v1/pets HTTP/1.1\r\nHost: x\r\nX-Slow: 1\r\n'],
  ])('answers %s 408 request_timeout with the Error body, and closes', async (_, partial) => {
    const server = await listening({
      keys: createKeyRing([KEY]),
      corsOrigins: [],
      limits: { requestTimeoutMs: 1000 },
    });
    // Only the time limit answers 408: Node's own limits (a minute and more) would come too late here.
    const text = await raw(server.port, (write) => write(partial));
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(bodyOf(text)).toEqual(errorBody(408, 'request_timeout'));
    expect(text.toLowerCase()).toContain('cache-control: no-store');
    await server.close();
  });

  it('answers a stalled body without a key 401 at once, and closes the connection within the limit too', async () => {
    const server = await listening({ keys: createKeyRing([KEY]), corsOrigins: [], limits: { requestTimeoutMs: 1000 } });
    const text = await raw(server.port, (write) => write(stalledBody('')));
    expect(text).toMatch(/^HTTP\/1\.1 401 /);
    await server.close();
  });
});

describe('errors answered outside the routes', () => {
  it.each([
    [400, 'invalid_request'],
    [503, 'internal_error'],
  ])('leave as the Error body, with the status they were sent with (%i)', async (status, code) => {
    const app = await createHttpApp({ keys: createKeyRing([KEY]), corsOrigins: [] });
    app.get('/plain', { config: { public: true } }, (_request, reply) =>
      reply.code(status).type('text/plain').send('Plain words.'),
    );
    const answer = await call(app, { url: '/plain' });
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ status, code });
    await app.close();
  });
});

describe('requests the HTTP parser refuses', () => {
  it.each([
    ['an unknown method', 'FOO /v1/pets HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a control character in a header', 'GET /v1/pets HTTP/1.1\r\nHost: x\r\nX-Bad: a\x01b\r\n\r\n'],
    [
      'conflicting Content-Length',
      'POST /v1/pets HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
    ],
    ['a broken request line', 'GET\r\n\r\n'],
  ])('answers %s 400 malformed_request with the Error body', async (_, request) => {
    const server = await listening({ keys: createKeyRing([KEY]), corsOrigins: [] });
    const text = await raw(server.port, (write) => write(request));
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(text)).toEqual(errorBody(400, 'malformed_request'));
    await server.close();
  });

  it('never writes the API key to the log, in any encoding, even at trace', async () => {
    const secret = 'SECRET-key-0123456789';
    let log = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    const server = await listening({
      keys: createKeyRing([secret]),
      corsOrigins: [],
      logger: { level: 'trace', stream },
    });
    const authorization = `Authorization: Bearer ${secret}`;
    await raw(server.port, (write) => write(`FOO /v1/pets HTTP/1.1\r\nHost: x\r\n${authorization}\r\n\r\n`));
    await raw(server.port, (write) =>
      write(`GET /v1/pets HTTP/1.1\r\nHost: x\r\n${authorization}\r\nX-Bad: \x01\r\n\r\n`),
    );
    await fetch(`http://127.0.0.1:${server.port}/v1/pets`, { headers: { authorization: `Bearer ${secret}` } });
    await fetch(`http://127.0.0.1:${server.port}/v1/pets/not-a-number`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    await fetch(`http://127.0.0.1:${server.port}/v1/pets`, { headers: { authorization: `Bearer ${secret}x` } });
    await server.close();
    expect(log.length).toBeGreaterThan(0);
    for (const encoded of [
      secret,
      Buffer.from(secret).toString('base64'),
      Buffer.from(secret).toString('base64url'),
      Buffer.from(secret).toString('hex'),
      [...Buffer.from(secret)].join(','),
    ]) {
      expect(log).not.toContain(encoded);
    }
  });
});

describe('caching', () => {
  it('says Cache-Control: no-store and nosniff on every answer, errors and preflights included', async () => {
    const service = await createTestService();
    const answers = [
      await service.pets.inject({ method: 'GET', url: '/v1/pets', headers: auth }),
      await service.pets.inject(postJson('/v1/pets', { name: 'Rex', categoryId: 1 })),
      await service.pets.inject({ method: 'GET', url: '/v1/pets/1', headers: auth }),
      await service.pets.inject({ method: 'GET', url: '/v1/pets/999', headers: auth }),
      await service.pets.inject({ method: 'GET', url: '/v1/pets?limit=0', headers: auth }),
      await service.pets.inject({ method: 'GET', url: '/v1/pets' }),
      await service.pets.inject({ method: 'DELETE', url: '/v1/pets', headers: auth }),
      await service.pets.inject({ method: 'GET', url: '/nowhere', headers: auth }),
      await service.pets.inject(postJson('/v1/pets', 'x'.repeat(70_000))),
      await service.pets.inject({ method: 'GET', url: '/v1/openapi.json' }),
      await service.pets.inject({
        method: 'OPTIONS',
        url: '/v1/pets',
        headers: { origin: APP_ORIGIN, 'access-control-request-method': 'POST' },
      }),
      await service.messages.inject(postJson('/messages', { message: 'Hi' })),
    ];
    for (const answer of answers) {
      expect(answer.headers['cache-control'], `${answer.statusCode} ${answer.body.slice(0, 60)}`).toBe('no-store');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
    await service.close();
  });
});

describe('numbers that are not quite numbers', () => {
  it.each(['1e1', '1.0', '%201', '+5', '0x10', '5%20', '1_0'])('refuses limit=%s with invalid_limit', async (limit) => {
    const service = await createTestService();
    const answer = await call(service.pets, { method: 'GET', url: `/v1/pets?limit=${limit}`, headers: auth });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(errorBody(400, 'invalid_limit'));
    await service.close();
  });

  it.each(['1e3', '1.0', '1E+2', '-0.0'])('refuses a categoryId written %s', async (written) => {
    const service = await createTestService();
    const answer = await call(service.pets, postJson('/v1/pets', `{"name":"Rex","categoryId":${written}}`));
    expect(answer.body).toEqual(errorBody(400, 'invalid_category_id'));
    expect(await service.store.countPets()).toBe(0);
    await service.close();
  });

  it('takes a name of 200 characters and refuses 201, or one with nothing visible', async () => {
    const service = await createTestService();
    expect((await call(service.pets, postJson('/v1/pets', { name: 'x'.repeat(200), categoryId: 1 }))).status).toBe(201);
    for (const name of ['x'.repeat(201), '\u200b', '\u200b\u200d\ufeff', ' \u00a0 ']) {
      const answer = await call(service.pets, postJson('/v1/pets', { name, categoryId: 1 }));
      expect(answer.body, JSON.stringify(name)).toEqual(errorBody(400, 'invalid_name'));
    }
    await service.close();
  });

  it('refuses a cursor it did not make, and follows the ones it did', async () => {
    const service = await createTestService();
    for (let i = 0; i < 3; i++) await service.store.createPet(`Pet ${i}`, 1n, 'available');
    const first = await call(service.pets, { method: 'GET', url: '/v1/pets?limit=2', headers: auth });
    const next = /cursor=([^&>]+)/.exec(String(first.headers['link']))![1]!;
    const second = await call(service.pets, { method: 'GET', url: `/v1/pets?limit=2&cursor=${next}`, headers: auth });
    expect((second.body as unknown[]).length).toBe(1);
    const [position, mac] = next.split('.');
    for (const forged of [
      Buffer.from('2').toString('base64url'),
      `${Buffer.from('2').toString('base64url')}.AAAAAAAAAAAAAAAA`,
      // The cursor given, spelt another way: padding, a stray character, a leading zero.
      `${position}=.${mac}`,
      `${position}.${mac}=`,
      `${position}.${mac}*`,
      `!${position}.${mac}`,
      `${Buffer.from(`0${Buffer.from(position!, 'base64url').toString()}`).toString('base64url')}.${mac}`,
    ]) {
      const answer = await call(service.pets, { method: 'GET', url: `/v1/pets?cursor=${forged}`, headers: auth });
      expect(answer.body, forged).toEqual(errorBody(400, 'invalid_cursor'));
    }
    await service.close();
  });
});

describe('creates that can be retried (Idempotency-Key)', () => {
  const create = (body: unknown, key: string, apiKey = KEY) =>
    postJson('/v1/pets', body, { authorization: `Bearer ${apiKey}`, 'idempotency-key': key });

  it('gives the first pet again for the same key and body, and 422 for another body', async () => {
    const service = await createTestService();
    const first = await call(service.pets, create({ name: 'Rex', categoryId: 1 }, '"attempt-1"'));
    const again = await call(service.pets, create({ name: 'Rex', categoryId: 1 }, '"attempt-1"'));
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await service.store.countPets()).toBe(1);
    const other = await call(service.pets, create({ name: 'Max', categoryId: 1 }, '"attempt-1"'));
    expect(other.status).toBe(422);
    expect(other.body).toEqual(errorBody(422, 'idempotency_key_reused'));
    // Keys belong to the API key that sent them.
    const elsewhere = await call(service.pets, create({ name: 'Rex', categoryId: 1 }, '"attempt-1"', OTHER_KEY));
    expect(elsewhere.body).not.toEqual(first.body);
    expect(await service.store.countPets()).toBe(2);
    // Quoted or bare, one key; a quote left open is none.
    const bare = await call(service.pets, create({ name: 'Rex', categoryId: 1 }, 'attempt-1'));
    expect(bare.body).toEqual(first.body);
    for (const malformed of ['has space', '"attempt-1', 'attempt-1"', '""']) {
      const bad = await call(service.pets, create({ name: 'Rex', categoryId: 1 }, malformed));
      expect(bad.body, malformed).toEqual(errorBody(400, 'invalid_idempotency_key'));
    }
    await service.close();
  });

  it('forgets a key after 24 hours: the same key then adds a pet anew, whatever its values', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const service = await createTestService();
      const first = await call(service.pets, create({ name: 'Rex', categoryId: 1 }, 'day-old'));
      vi.setSystemTime(Date.now() + IDEMPOTENCY_KEY_LIFETIME_MS - 1_000);
      expect((await call(service.pets, create({ name: 'Rex', categoryId: 1 }, 'day-old'))).body).toEqual(first.body);
      vi.setSystemTime(Date.now() + 2_000);
      const after = await call(service.pets, create({ name: 'Max', categoryId: 1 }, 'day-old'));
      expect(after.status).toBe(201);
      expect(after.body).toMatchObject({ name: 'Max' });
      expect(await service.store.countPets()).toBe(2);
      await service.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('never inserts twice for concurrent requests with one key, over real HTTP', async () => {
    const service = await createTestService(join(dir, 'idempotent.sqlite'));
    await service.pets.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(service.pets.server.address() as { port: number }).port}/v1/pets`;
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        fetch(url, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': 'same-key' },
          body: '{"name":"Once","categoryId":7}',
        }).then(async (response) => ({ status: response.status, body: await response.text() })),
      ),
    );
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await service.store.countPets()).toBe(1);
    await service.close();
  });
});

/** A log kept in memory, each line parsed. */
function memoryLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe('the log', () => {
  it("says each 503 of an outage in one line at warn, with the driver's reason and no stack", async () => {
    const { lines, stream } = memoryLog();
    const store = openStore(':memory:');
    const refused = new Error('connect ECONNREFUSED 127.0.0.1:5432');
    store.listPetsJson = () =>
      Promise.reject(new StoreUnavailableError('The database cannot be reached.', { cause: refused }));
    const server = await listening({
      keys: createKeyRing([KEY]),
      corsOrigins: [],
      logger: { level: 'info', stream },
      store,
    });
    for (let i = 0; i < 3; i++) {
      const answer = await fetch(`http://127.0.0.1:${server.port}/v1/pets`, { headers: auth });
      expect(answer.status).toBe(503);
    }
    await server.close();

    const problems = lines.filter((line) => Number(line['level']) >= 40);
    expect(problems).toHaveLength(3);
    for (const line of problems) {
      expect(line).toMatchObject({ level: 40, code: 'service_busy', cause: refused.message });
      expect(JSON.stringify(line)).not.toContain('stack');
    }
  });

  it('names each request by an id no other listener or instance logs', async () => {
    const { lines, stream } = memoryLog();
    const options = { keys: createKeyRing([KEY]), corsOrigins: [], logger: { level: 'info', stream } };
    const servers = [await listening(options), await listening(options)];
    for (const server of [...servers, ...servers]) {
      expect((await fetch(`http://127.0.0.1:${server.port}/v1/pets`, { headers: auth })).status).toBe(200);
    }
    await Promise.all(servers.map((server) => server.close()));

    const ids = new Set(lines.map((line) => line['reqId']).filter(Boolean));
    expect(ids.size).toBe(4);
  });

  it('logs a health check only when it fails, even at info', async () => {
    const { lines, stream } = memoryLog();
    let reachable = true;
    const health = {
      ping: () =>
        reachable ? Promise.resolve() : Promise.reject(new StoreUnavailableError('The database cannot be reached.')),
    };
    const server = await listening({
      keys: createKeyRing([KEY]),
      corsOrigins: [],
      logger: { level: 'info', stream },
      health,
    });
    const check = () => fetch(`http://127.0.0.1:${server.port}/health`).then((answer) => answer.status);
    expect([await check(), await check()]).toEqual([200, 200]);
    expect(lines.filter((line) => 'reqId' in line)).toEqual([]);
    reachable = false;
    expect(await check()).toBe(503);
    await server.close();
    expect(lines.filter((line) => line['code'] === 'service_busy')).toHaveLength(1);
  });
});

describe('stopping', () => {
  it('answers a request that arrives once stopping 503 service_busy, with the Error body and CORS', async () => {
    const server = await listening({ keys: createKeyRing([KEY]), corsOrigins: [APP_ORIGIN] });
    const received = new Promise<Socket>((resolve) => server.app.server.once('connection', resolve));
    const client = connect(server.port, '127.0.0.1');
    let text = '';
    client.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const closed = new Promise((resolve) => client.once('close', resolve));
    // A request begun before the stop keeps its connection open; it ends after the stop has begun.
    client.write(`GET /v1/pets HTTP/1.1\r\nHost: x\r\nOrigin: ${APP_ORIGIN}\r\n`);
    const socket = await received;
    await vi.waitFor(() => expect(socket.bytesRead).toBeGreaterThan(0));
    const stopped = server.close();
    client.write(`Authorization: Bearer ${KEY}\r\n\r\n`);
    await closed;
    await stopped;

    expect(text).toMatch(/^HTTP\/1\.1 503 /);
    expect(bodyOf(text)).toEqual(errorBody(503, 'service_busy'));
    const headers = text.toLowerCase();
    expect(headers).toContain(`access-control-allow-origin: ${APP_ORIGIN}`);
    expect(headers).toContain('retry-after: 1');
    expect(headers).toContain('connection: close');
  });
});

describe('wrong keys', () => {
  it('are answered 429 with Retry-After after the limit, while an accepted key is not slowed', async () => {
    const server = await listening({
      keys: createKeyRing([KEY]),
      corsOrigins: [],
      limits: { failedAuthMax: 5, failedAuthWindowMs: 60_000 },
    });
    const get = (key: string) =>
      fetch(`http://127.0.0.1:${server.port}/v1/pets`, { headers: { authorization: `Bearer ${key}` } });
    for (let i = 0; i < 5; i++) expect((await get(`guess-${i}`)).status).toBe(401);
    const throttled = await get('guess-6');
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await throttled.json()).toEqual(errorBody(429, 'too_many_requests'));
    for (let i = 0; i < 20; i++) expect((await get(KEY)).status).toBe(200);
    await server.close();
  });

  it('are refused 401 again, not 429, once the window has passed', async () => {
    // Only the clock is faked: the server's own timers run as they do.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const server = await listening({
        keys: createKeyRing([KEY]),
        corsOrigins: [],
        limits: { failedAuthMax: 2, failedAuthWindowMs: 60_000 },
      });
      const get = (key: string) =>
        fetch(`http://127.0.0.1:${server.port}/v1/pets`, { headers: { authorization: `Bearer ${key}` } });
      for (const guess of ['guess-1', 'guess-2']) expect((await get(guess)).status).toBe(401);
      expect((await get('guess-3')).status).toBe(429);
      vi.setSystemTime(Date.now() + 59_000);
      expect((await get('guess-4')).status).toBe(429);
      vi.setSystemTime(Date.now() + 2_000);
      expect((await get('guess-5')).status).toBe(401);
      await server.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
