// `npm run csp` and `npm run nginx:conf` as an operator runs them: a config.json the app would refuse
// is refused here too, in one line naming the file, before a CSP is printed without its origins.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';

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
