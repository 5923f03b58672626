// The nginx scripts as an operator runs them. `npm run csp` and `npm run nginx:conf`: a config.json
// the app would refuse is refused here too, in one line naming the file, before a CSP is printed
// without its origins. Serving a build (`npm run preview`): logged, and stopped by any signal.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';

const work = mkdtempSync(join(tmpdir(), 'nginx-script-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const env = { name: 'Production', apiBaseUrl: 'https://api.example/v1', messagesBaseUrl: 'https://messages.example' };

function run(command: string, config: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/nginx.ts', command, '--config', config], {
    encoding: 'utf8',
  });
}

it.each(['csp', 'conf'])('%s names the origins of config.json in connect-src', (command) => {
  const config = join(work, `${command}.json`);
  writeFileSync(config, JSON.stringify({ environments: [env, { ...env, name: 'Staging' }] }));
  const { status, stdout, stderr } = run(command, config);
  expect(stderr).toBe('');
  expect(status).toBe(0);
  expect(stdout).toContain("connect-src 'self' https://api.example https://messages.example;");
});

it.each([
  [
    'a misspelt key',
    JSON.stringify({ environment: [env] }),
    'is not valid: environments must be a list of environments.',
  ],
  [
    'a bad address',
    JSON.stringify({ environments: [{ ...env, apiBaseUrl: 'api.example' }] }),
    'is not valid: environments.0.apiBaseUrl must be an http(s) URL.',
  ],
  ['truncated JSON', '{ "environments": [', 'is not valid JSON.'],
  ['no file at all', undefined, 'could not be read'],
])('csp and conf refuse a config.json with %s, in one line naming the file', (name, text, problem) => {
  for (const command of ['csp', 'conf']) {
    const config = join(work, `${command}-${name.replaceAll(' ', '-')}.json`);
    if (text !== undefined) writeFileSync(config, text);
    const { status, stdout, stderr } = run(command, config);
    expect(status, command).toBe(1);
    expect(stdout, command).toBe('');
    expect(stderr, command).toMatch(/^[^\n]+\n$/);
    expect(stderr.startsWith(`${config} ${problem}`), `${command}: ${stderr}`).toBe(true);
  }
});

it('refuses a base nginx would read as a pattern, in one line', () => {
  const config = join(work, 'base.json');
  writeFileSync(config, JSON.stringify({ environments: [env] }));
  const { status, stdout, stderr } = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/nginx.ts', 'conf', '--config', config, '--base', '/c++/'],
    { encoding: 'utf8' },
  );
  expect(status).toBe(1);
  expect(stdout).toBe('');
  expect(stderr.trim()).toBe('The base /c++/ may hold only letters, digits, . _ ~ - and /.');
});

it('writes a dot in the base as a dot within nginx patterns', () => {
  const config = join(work, 'dot.json');
  writeFileSync(config, JSON.stringify({ environments: [env] }));
  const { stdout } = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/nginx.ts', 'conf', '--config', config, '--base', '/v1.2/'],
    { encoding: 'utf8' },
  );
  expect(stdout).toContain('"~^(200|304) /v1\\.2/assets/"');
  expect(stdout).toContain('location ~ ^(?!/v1\\.2/|/v1\\.2/?$) {');
  expect(stdout).toContain('location ^~ /v1.2/assets/ {');
});

it.each([
  [['conf', '--help'], 0, 'stdout', 'Usage:'],
  [['csp', '-h'], 0, 'stdout', 'Usage:'],
  [['conf', '--bogus'], 2, 'stderr', "Unknown option '--bogus'.\n"],
  [['server'], 2, 'stderr', 'Unknown command server.\n'],
  [[], 2, 'stderr', 'No command.\n'],
] as const)('%j prints the usage, not a stack trace (exit %i)', (args, code, stream, first) => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/nginx.ts', ...args], { encoding: 'utf8' });
  expect(result.status).toBe(code);
  expect(result[stream].startsWith(first)).toBe(true);
  expect(result[stream]).toContain('Usage: tsx scripts/nginx.ts <command> [options]');
  expect(result.stderr).not.toContain('    at ');
});

/** A port no one listens on just now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

it.each(['SIGHUP', 'SIGINT', 'SIGTERM'] as const)(
  'serves a build, logging each request, until %s to its process group, then leaves nothing on the port or the disk',
  async (signal) => {
    const dist = join(work, `dist-${signal}`);
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Petstore Admin</title>');
    writeFileSync(join(dist, 'config.json'), JSON.stringify({ environments: [env] }));
    const port = await freePort();
    const options = ['--dist', dist, '--base', '/admin/', '--port', `${port}`];
    // As Playwright runs a web server: through tsx's command, which passes a signal on to the script,
    // in a process group of its own, which is signalled as a whole.
    const serving = spawn(join('node_modules', '.bin', 'tsx'), ['scripts/nginx.ts', 'serve', ...options], {
      detached: true,
    });
    try {
      let output = '';
      serving.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await vi.waitFor(() => expect(output).toMatch(/nginx's logs: \S+\n/), { timeout: 20_000 });
      const url = /: (http\S+)/.exec(output)![1]!;
      const logs = /nginx's logs: (\S+)/.exec(output)![1]!;
      expect((await fetch(url)).status).toBe(200);
      expect((await fetch(new URL('/backup.sql', url))).status).toBe(404);
      await vi.waitFor(() => {
        const log = readFileSync(join(logs, 'access.log'), 'utf8');
        expect(log).toContain('"GET /admin/ HTTP/1.1" 200');
        expect(log).toContain('"GET /backup.sql HTTP/1.1" 404');
      });

      const exited = new Promise((resolve) => serving.once('exit', resolve));
      process.kill(-serving.pid!, signal);
      await exited;
      // tsx may exit first (on SIGHUP it does not wait for the script, and nginx reloads on one).
      await vi.waitFor(async () => {
        await expect(fetch(url)).rejects.toThrow();
        expect(existsSync(logs)).toBe(false);
      }, 5_000);
    } finally {
      // A failed test leaves no nginx either.
      try {
        process.kill(-serving.pid!, 'SIGTERM');
      } catch {
        // ESRCH: the test passed, and nothing of the group is left.
      }
    }
  },
  30_000,
);
