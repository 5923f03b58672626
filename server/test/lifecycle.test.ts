// Starting and stopping like a real service: a setup it cannot run with is one line naming the
// variable to change; a signal to `npm start` or `npm run server` leaves nothing holding the ports.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { readServerConfig } from '../config.ts';
import { Database, SQLITE_DRIVER } from '../sqlite.ts';
import { describeStartupFailure } from '../startup-errors.ts';

const dir = mkdtempSync(join(tmpdir(), 'petstore-life-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BASE_ENV = { PORT: '0', MESSAGES_PORT: '0', PETSTORE_API_KEYS: 'k', LOG_LEVEL: 'silent' };

/**
 * Runs the service's entry point (or `npm start`'s) to its end, through `wrapper` if given: exit
 * code and what it wrote.
 */
function runToExit(env: Record<string, string>, entry = 'server/main.ts', wrapper: string[] = []) {
  return new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
    const [command, ...args] = [...wrapper, process.execPath, '--import', 'tsx', entry];
    const child = spawn(command!, args, {
      env: { ...process.env, ...BASE_ENV, ...env },
    });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    });
  });
}

/** The first port any user may take, on Linux; undefined elsewhere. */
function unprivilegedPortStart(): number | undefined {
  const file = '/proc/sys/net/ipv4/ip_unprivileged_port_start';
  return existsSync(file) ? Number(readFileSync(file, 'utf8')) : undefined;
}

function expectOneLine(stderr: string, ...words: string[]) {
  const lines = stderr.trim().split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^petstore: /);
  expect(stderr).not.toMatch(/\n\s+at /);
  for (const word of words) expect(lines[0]).toContain(word);
}

// Each test waits for a process to exit, which takes seconds while other test files run beside it;
// past runToExit's own limit, which kills a process that hangs and shows what it wrote.
describe('a setup the service cannot start with', { timeout: 20_000 }, () => {
  it('a busy port: exits 1, naming PORT', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    const { code, stderr } = await runToExit({ PORT: String(port), PETSTORE_DB: ':memory:' });
    blocker.close();
    expect(code).toBe(1);
    expectOneLine(stderr, `Port ${port}`, 'in use', 'PORT');
  });

  it("npm start with the app's port in use: exits 1, naming APP_PORT", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    const { code, stderr } = await runToExit({ APP_PORT: String(port), PETSTORE_DB: ':memory:' }, 'scripts/start.ts');
    blocker.close();
    expect(code).toBe(1);
    expectOneLine(stderr, `Port ${port} on 127.0.0.1`, 'in use', 'APP_PORT');
  });

  // Root (as in CI) without the right to take a port below 1024, as any other user is; on Linux
  // only, and unless this machine lets anyone take port 80 (as Docker does).
  it.skipIf((unprivilegedPortStart() ?? 0) <= 80)(
    'npm start with an APP_PORT this user may not take: exits 1, naming APP_PORT',
    async () => {
      const asUser =
        process.getuid?.() === 0 ? ['setpriv', '--bounding-set=-net_bind_service', '--inh-caps=-net_bind_service'] : [];
      const { code, stderr } = await runToExit({ APP_PORT: '80', PETSTORE_DB: ':memory:' }, 'scripts/start.ts', asUser);
      expect(code).toBe(1);
      expectOneLine(stderr, 'Port 80', 'not open to this user', 'APP_PORT');
    },
  );

  it.each(['5173x', '0'])('npm start with an APP_PORT of %s, which is no port: exits 1, naming it', async (value) => {
    const { code, stderr } = await runToExit({ APP_PORT: value, PETSTORE_DB: ':memory:' }, 'scripts/start.ts');
    expect(code).toBe(1);
    expectOneLine(stderr, 'APP_PORT', `"${value}"`);
  });

  it.each([
    [
      'a folder that cannot be made (a file is in the way)',
      () => {
        writeFileSync(join(dir, 'a-file'), '');
        return join(dir, 'a-file', 'store.sqlite');
      },
    ],
    [
      'a path that is a folder',
      () => {
        mkdirSync(join(dir, 'a-folder'), { recursive: true });
        return join(dir, 'a-folder');
      },
    ],
    [
      'a folder that cannot be made (a link that leads nowhere; a read-only disk gives the same ENOENT)',
      () => {
        symlinkSync(join(dir, 'nowhere'), join(dir, 'a-dead-link'));
        return join(dir, 'a-dead-link', 'data', 'store.sqlite');
      },
    ],
    [
      'a file that is no database',
      () => {
        writeFileSync(join(dir, 'not-a-db.sqlite'), 'x'.repeat(4096));
        return join(dir, 'not-a-db.sqlite');
      },
    ],
  ])('%s: exits 1, naming PETSTORE_DB', async (_, path) => {
    const { code, stderr } = await runToExit({ PETSTORE_DB: path() });
    expect(code).toBe(1);
    expectOneLine(stderr, 'PETSTORE_DB');
  });

  it('a database another process has locked: exits 1, saying so', async () => {
    const file = join(dir, 'locked.sqlite');
    // Held until the service has given up on it, however long that takes.
    const holder = spawn(process.execPath, [
      '-e',
      `const db = new (require(${JSON.stringify(SQLITE_DRIVER)}))(${JSON.stringify(file)});
       db.pragma('locking_mode = EXCLUSIVE'); db.exec('BEGIN EXCLUSIVE'); console.log('locked');
       process.stdin.once('data', () => process.exit(0));`,
    ]);
    await new Promise((resolve) => holder.stdout.once('data', resolve));
    const { code, stderr } = await runToExit({ PETSTORE_DB: file });
    holder.stdin.end('let go\n');
    expect(code).toBe(1);
    expectOneLine(stderr, 'locked', 'PETSTORE_DB');
  });

  it('a bad variable: exits 1, naming it', async () => {
    const { code, stderr } = await runToExit({ PORT: 'eighty' });
    expect(code).toBe(1);
    expectOneLine(stderr, 'PORT');
  });

  it('an unknown PETSTORE_PROFILE: exits 1, naming it', async () => {
    const { code, stderr } = await runToExit({ PETSTORE_PROFILE: 'bogus', PETSTORE_DB: ':memory:' });
    expect(code).toBe(1);
    expectOneLine(stderr, 'PETSTORE_PROFILE');
  });

  it('a HOST that is no name this machine can look up: exits 1, naming HOST', async () => {
    const { code, stderr } = await runToExit({ HOST: 'nohost.invalid', PETSTORE_DB: ':memory:' });
    expect(code).toBe(1);
    expectOneLine(stderr, 'HOST nohost.invalid');
  });

  it('a PostgreSQL URL with an unencoded # in its password: exits 1, naming PETSTORE_DB, never the password', async () => {
    const { code, stderr } = await runToExit({ PETSTORE_DB: 'postgres://petstore:s3cret#word@127.0.0.1:1/petstore' });
    expect(code).toBe(1);
    expectOneLine(stderr, 'PETSTORE_DB', 'percent-encode');
    expect(stderr).not.toContain('s3cret');
  });
});

/** The error `work` throws. */
function thrownBy(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('nothing thrown');
}

// What the drivers throw for faults a test cannot make for real: as root (as in CI) every file and
// folder is writable, and no disk here is full or failing.
describe('a database the service cannot use, as the driver reports it', () => {
  const file = join(dir, 'faults', 'store.sqlite');
  mkdirSync(join(dir, 'faults'), { recursive: true });

  it.each([
    [
      'read-only',
      () => {
        new Database(file).close();
        return thrownBy(() => new Database(file, { readonly: true }).exec('CREATE TABLE t (x)'));
      },
      ['read-only', file],
    ],
    [
      'in a folder this user cannot write (SQLite writes its log beside the file)',
      () => new Database.SqliteError('attempt to write a readonly database', 'SQLITE_READONLY_DIRECTORY'),
      ['folder', join(dir, 'faults')],
    ],
    [
      'on a full disk',
      () => {
        const db = new Database(join(dir, 'faults', 'full.sqlite'));
        db.pragma('max_page_count = 1');
        return thrownBy(() => db.exec('CREATE TABLE a (x); CREATE TABLE b (x); CREATE TABLE c (x)'));
      },
      ['full', file],
    ],
    [
      'on a failing disk',
      () => new Database.SqliteError('disk I/O error', 'SQLITE_IOERR_WRITE'),
      ['SQLITE_IOERR_WRITE'],
    ],
    [
      'that cannot be opened (a path inside a file)',
      () => {
        writeFileSync(join(dir, 'faults', 'a-file'), '');
        return thrownBy(() => new Database(join(dir, 'faults', 'a-file', 'store.sqlite')));
      },
      ['cannot be opened', file],
    ],
  ])('%s: one line naming PETSTORE_DB', (_, error, words) => {
    const line = describeStartupFailure(error(), readServerConfig({ PETSTORE_DB: file }));
    for (const word of ['PETSTORE_DB', ...words]) expect(line).toContain(word);
  });

  it('a PostgreSQL user who may not create tables in public (PostgreSQL 15 and later): one line, no password', () => {
    const error = Object.assign(new pg.DatabaseError('permission denied for schema public', 0, 'error'), {
      code: '42501',
    });
    const line = describeStartupFailure(error, readServerConfig({ PETSTORE_DB: 'postgres://petstore:s3cret@db/pets' }));
    for (const word of ['permission denied for schema public', 'create tables', 'PETSTORE_DB']) {
      expect(line).toContain(word);
    }
    expect(line).not.toContain('s3cret');
  });
});

/** A port nothing listens on: the one the system just gave a listener, closed again. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Runs `npm <args>` until the service answers, checks it while it runs, then sends npm `signal`. */
async function startThenSignal(
  args: string[],
  signal: NodeJS.Signals,
  whileRunning?: (started: { api: string; app?: string; appPort: number }) => Promise<void>,
) {
  // npm start's dev server on a free port, never on 5173 beside a colleague's.
  const appPort = await freePort();
  const env = { ...process.env, ...BASE_ENV, APP_PORT: String(appPort), PETSTORE_DB: ':memory:' };
  const npm = spawn('npm', args, { env });
  let output = '';
  const api = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start in 60 s:\n${output}`)), 60_000);
    npm.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /Pet store API: +(\S+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    });
  });
  const app = /Open: +(\S+)/.exec(output)?.[1];
  const exited = new Promise<number | null>((resolve) => npm.once('exit', resolve));
  try {
    expect((await fetch(`${api}/openapi.json`)).status).toBe(200);
    await whileRunning?.({ api, app, appPort });
  } finally {
    npm.kill(signal);
  }
  return { api, code: await exited, app };
}

async function expectClosed(api: string) {
  const answers = () =>
    fetch(`${api}/openapi.json`).then(
      () => true,
      () => false,
    );
  await expect.poll(answers, { timeout: 5000, message: `${api} still answers after the signal` }).toBe(false);
}

/** Runs the service's entry point until it has started; its process and the pets API's port. */
async function startServer(env: Record<string, string>, { fileSizeLimitKb }: { fileSizeLimitKb?: number } = {}) {
  const command = [process.execPath, '--import', 'tsx', 'server/main.ts'];
  // A limit on the size of the files it writes is a full disk to it: writes past it fail (EFBIG).
  const [file, ...args] = fileSizeLimitKb
    ? ['bash', '-c', `ulimit -f ${fileSizeLimitKb} && exec "$@"`, 'bash', ...command]
    : command;
  const child = spawn(file!, args, { env: { ...process.env, ...BASE_ENV, ...env } });
  let output = '';
  const api = await new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', () => reject(new Error(`exited before it started:\n${output}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /Pet store API: +(\S+)/.exec(output)?.[1];
      if (url) resolve(url);
    });
  });
  return { child, port: Number(new URL(api).port) };
}

/** A connection that sends `text` as it is, and keeps what comes back. */
function rawConnection(port: number, text: string) {
  const socket = connect(port, '127.0.0.1', () => socket.write(text));
  const connection = {
    socket,
    received: '',
    /** What came back, once it matches `pattern`. */
    until: (pattern: RegExp) =>
      new Promise<string>((resolve, reject) => {
        const check = () => pattern.test(connection.received) && resolve(connection.received);
        socket.on('data', check);
        socket.once('close', () => reject(new Error(`closed without ${pattern}: ${connection.received}`)));
        check();
      }),
    closed: new Promise<void>((resolve) => socket.once('close', () => resolve())),
  };
  socket.on('data', (chunk: Buffer) => (connection.received += chunk.toString()));
  socket.on('error', () => undefined);
  return connection;
}

describe('stopping', () => {
  it('on SIGTERM answers the request in flight, then exits 0 while a stalled client still waits', async () => {
    const { child, port } = await startServer({
      PETSTORE_DB: ':memory:',
      REQUEST_TIMEOUT_MS: '5000',
      KEEP_ALIVE_TIMEOUT_MS: '600000',
    });
    const pet = JSON.stringify({ name: 'Answered after the signal', categoryId: 1 });
    const post = (length: number) =>
      'POST /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer k\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${length}\r\nExpect: 100-continue\r\n\r\n`;
    const stalledBody = rawConnection(port, post(100));
    const stalledHeaders = rawConnection(port, 'GET /v1/pets HTTP/1.1\r\nHost: x\r\n');
    const upload = rawConnection(port, post(pet.length));
    const idle = rawConnection(port, 'HEAD /v1/openapi.json HTTP/1.1\r\nHost: x\r\n\r\n');
    let clientGaveUp: NodeJS.Timeout | undefined;
    try {
      await Promise.all([stalledBody.until(/100 Continue/), upload.until(/100 Continue/), idle.until(/\r\n\r\n/)]);
      stalledBody.socket.write('{');
      upload.socket.write(pet.slice(0, 10));

      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      // Not yet answered 408: the requests are still unfinished when the signal comes.
      expect(stalledHeaders.received).toBe('');
      expect(stalledBody.received).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\n$/);
      await idle.closed;
      upload.socket.write(pet.slice(10));
      const answer = await upload.until(/Answered after the signal/);
      expect(answer).toMatch(/\r\n\r\nHTTP\/1\.1 201 /);
      expect(answer.toLowerCase()).toContain('connection: close');

      const code = await Promise.race([
        exited,
        new Promise<string>(
          (resolve) => (clientGaveUp = setTimeout(() => resolve('the client gave up first'), 30_000)),
        ),
      ]);
      expect(code).toBe(0);
    } finally {
      clearTimeout(clientGaveUp);
      child.kill('SIGKILL');
      for (const { socket } of [stalledBody, stalledHeaders, upload, idle]) socket.destroy();
    }
  }, 60_000);

  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)('on %s it stops cleanly, exiting 0', async (signal) => {
    const { child, port } = await startServer({ PETSTORE_DB: ':memory:' });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill(signal);
    expect(await exited).toBe(0);
    await expectClosed(`http://127.0.0.1:${port}/v1`);
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'npm run server on %s: nothing left holding the port',
    async (signal) => {
      const { api, code } = await startThenSignal(['run', '--silent', 'server'], signal);
      expect([0, 130, 143, null]).toContain(code);
      await expectClosed(api);
    },
    30_000,
  );

  it('npm start on SIGTERM: the service and the dev server close', async () => {
    const { api, app } = await startThenSignal(['start', '--silent'], 'SIGTERM', async ({ app }) => {
      expect((await fetch(app!)).status).toBe(200);
    });
    await expectClosed(api);
    const devServer = await fetch(app!).then(
      () => true,
      () => false,
    );
    expect(devServer).toBe(false);
  }, 90_000);
});

describe('npm start', () => {
  it("serves the app on APP_PORT, pointed at the service, which lets the app's origin in", async () => {
    await startThenSignal(['start', '--silent'], 'SIGTERM', async ({ api, app, appPort: port }) => {
      expect(app).toBe(`http://127.0.0.1:${port}/`);
      const config = (await (await fetch(`${app}config.json`)).json()) as { environments: { apiBaseUrl: string }[] };
      expect(config.environments[0]!.apiBaseUrl).toBe(api);
      for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
        const pets = await fetch(`${api}/pets?limit=1`, { headers: { origin, authorization: 'Bearer k' } });
        expect(pets.status).toBe(200);
        expect(pets.headers.get('access-control-allow-origin')).toBe(origin);
      }
    });
  }, 90_000);
});

describe('running', () => {
  it('on a full disk, a write answers 503 service_busy, and reads and what was stored go on', async () => {
    const { child, port } = await startServer(
      { PETSTORE_DB: join(dir, 'full.sqlite'), PETSTORE_SEED: '0' },
      { fileSizeLimitKb: 128 },
    );
    try {
      const pets = `http://127.0.0.1:${port}/v1/pets`;
      const headers = { authorization: 'Bearer k', 'content-type': 'application/json' };
      let stored = 0;
      let refused: Response | undefined;
      while (!refused && stored < 100) {
        const body = JSON.stringify({ name: `Stored ${stored}`, categoryId: 1 });
        const response = await fetch(pets, { method: 'POST', headers, body });
        if (response.status === 201) stored++;
        else refused = response;
      }
      expect(refused?.status).toBe(503);
      expect(await refused!.json()).toMatchObject({ code: 'service_busy', message: expect.stringContaining('disk') });
      const list = await fetch(`${pets}?limit=100`, { headers });
      expect(list.status).toBe(200);
      expect(await list.json()).toHaveLength(stored);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
