// Serves a build with nginx and the shipped deploy/nginx.conf, its values filled in: what the
// end-to-end tests, the benchmarks and `npm run preview` use. Unprivileged, on a loopback port.
// Run as a script, it also prints that conf for a deployment, or the CSP alone: see USAGE.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, parseConfig, type AppConfig } from '../src/config/config.ts';

const TEMPLATE = new URL('../deploy/nginx.conf', import.meta.url);

export interface NginxValues {
  prefix: string;
  listen: string;
  root: string;
  base: string;
  connectSrc: string;
}

/** The origins the app talks to, from config.json: what the CSP's connect-src must name. */
export function connectSrcOf(config: AppConfig): string {
  const urls = config.environments.flatMap((env) => [env.apiBaseUrl, env.messagesBaseUrl]);
  return [...new Set(urls.map((url) => new URL(url).origin))].join(' ');
}

/** The config.json at `path`, checked as the app checks it: a ConfigError names the file and what is wrong. */
function readConfig(path: string): AppConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(`${path} could not be read: ${(error as Error).message}`);
  }
  return parseConfig(text, path);
}

export function normalizeBase(base: string): string {
  const normalized = `/${base.replace(/^\/+|\/+$/g, '')}/`.replace('//', '/');
  // It goes into nginx's locations and regular expressions as it is.
  if (!/^[\w.~/-]+$/.test(normalized))
    throw new Error(`The base ${base} may hold only letters, digits, . _ ~ - and /.`);
  return normalized;
}

/** deploy/nginx.conf with its {{…}} values filled in (its opening comment, which explains them, left out). */
export function renderNginxConf(values: NginxValues): string {
  const template = readFileSync(TEMPLATE, 'utf8').replace(/^(#.*\n)+\n/, '');
  // The base within the template's regular expressions, where a dot is any character.
  const filled = { ...values, basePattern: values.base.replaceAll('.', '\\.') };
  const text = template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const key = name
      .toLowerCase()
      .replace(/_(\w)/g, (__, letter: string) => letter.toUpperCase()) as keyof typeof filled;
    if (!(key in filled)) throw new Error(`deploy/nginx.conf names {{${name}}}, which has no value`);
    return filled[key];
  });
  return `# Filled in from deploy/nginx.conf by scripts/nginx.ts.\n${text}`;
}

export interface RunningNginx {
  url: string;
  /** The folder served at the base: replace its contents to redeploy. */
  siteDir: string;
  /** Where nginx writes access.log and error.log; removed, with the rest, by `stop`. */
  logDir: string;
  stop(): Promise<void>;
}

/** Resolves once nginx (`child`) listens on `port`; rejects with its `log` if it exits or never does. */
export function waitForPort(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  return new Promise((resolvePort, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`nginx exited with ${child.exitCode}:\n${log()}`));
      const socket = createConnection({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.end();
        resolvePort();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nginx did not listen on ${port}:\n${log()}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

/** nginx's `-g` directives for a run in the foreground, by this user. */
export function nginxGlobals(): string {
  // As root (CI, containers), workers would run as `nobody`, who may not read a checkout in /root.
  return `daemon off;${process.getuid?.() === 0 ? ' user root;' : ''}`;
}

export function nginxPath(): string | undefined {
  for (const candidate of [process.env['NGINX_PATH'], '/usr/sbin/nginx', '/usr/local/sbin/nginx']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  return spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim() || undefined;
}

/**
 * Copies a build into a fresh web root at `base` (with `config` as its config.json, as a deployment
 * would replace it) and serves it with nginx on 127.0.0.1:`port`.
 */
export async function startNginx({
  dist = 'dist',
  base = '/',
  port,
  config,
}: {
  dist?: string;
  base?: string;
  port: number;
  config?: string;
}): Promise<RunningNginx> {
  const nginx = nginxPath();
  if (!nginx) throw new Error('nginx is not installed: `apt-get install nginx libnginx-mod-http-brotli-static`.');
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`No build in ${dist}: run \`npm run build\` first.`);
  const connectSrc = connectSrcOf(config === undefined ? readConfig(join(dist, 'config.json')) : parseConfig(config));
  const normalizedBase = normalizeBase(base);
  const work = mkdtempSync(join(tmpdir(), 'petstore-nginx-'));
  const root = join(work, 'www');
  const siteDir = join(root, normalizedBase);
  mkdirSync(dirname(siteDir), { recursive: true });
  cpSync(resolve(dist), siteDir, { recursive: true });
  if (config !== undefined) writeFileSync(join(siteDir, 'config.json'), config);

  const conf = join(work, 'nginx.conf');
  writeFileSync(
    conf,
    renderNginxConf({
      prefix: work,
      listen: `127.0.0.1:${port}`,
      root,
      base: normalizedBase,
      connectSrc,
    }),
  );
  const globals = nginxGlobals();
  let output = '';
  const child = spawn(nginx, ['-p', work, '-c', conf, '-g', globals], { stdio: ['ignore', 'pipe', 'pipe'] });
  // However this process ends, short of SIGKILL, its copy of the build goes with it.
  const cleanUp = () => {
    child.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
  };
  process.once('exit', cleanUp);
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForPort(
    port,
    child,
    () => output + (existsSync(join(work, 'error.log')) ? readFileSync(join(work, 'error.log'), 'utf8') : ''),
  );
  return {
    url: `http://127.0.0.1:${port}${normalizedBase}`,
    siteDir,
    logDir: work,
    async stop() {
      process.off('exit', cleanUp);
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/**
 * Serves until the terminal closes (SIGHUP) or the run is stopped (SIGINT, SIGTERM), then stops
 * nginx and deletes its copy of the build: nothing is left holding the port or the disk.
 */
export function serveUntilSignal(site: RunningNginx) {
  console.log(`Petstore Admin (nginx, deploy/nginx.conf): ${site.url}\nnginx's logs: ${site.logDir}`);
  // A test runner signals the whole process group, and tsx passes the signal on again: the first one
  // stops nginx, later ones wait (unhandled, one would end this process halfway through deleting).
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void site.stop().then(() => process.exit(0));
  };
  for (const signal of ['SIGHUP', 'SIGINT', 'SIGTERM'] as const) process.on(signal, stop);
}

/** Replaces what is served with another build, as a deployment does. */
export function redeploy(site: RunningNginx, dist: string) {
  const config = readFileSync(join(site.siteDir, 'config.json'));
  rmSync(site.siteDir, { recursive: true, force: true });
  cpSync(resolve(dist), site.siteDir, { recursive: true });
  writeFileSync(join(site.siteDir, 'config.json'), config);
}

const USAGE = `Usage: tsx scripts/nginx.ts <command> [options]
(npm run nginx:conf -- [options] runs conf, npm run csp -- [options] runs csp)
  serve [--dist dist] [--base /] [--port 4173] [--config file.json]
      Serves the build with nginx on 127.0.0.1 until a signal (the end-to-end tests' host).
  conf [--root /var/www/petstore-admin] [--base /] [--listen 80] [--prefix /var/lib/nginx] [--config dist/config.json]
      Prints deploy/nginx.conf filled in, its CSP naming the origins of the config.json given
      (the one the deployment serves; dist/config.json by default).
  csp [--config dist/config.json]
      Prints the Content-Security-Policy alone, for other hosts.`;

/** The command line, or the usage printed and an exit: 0 when asked for, 2 after what is wrong. */
function commandLine() {
  try {
    const parsed = parseArgs({
      allowPositionals: true,
      options: {
        dist: { type: 'string', default: 'dist' },
        base: { type: 'string', default: '/' },
        port: { type: 'string', default: '4173' },
        config: { type: 'string' },
        root: { type: 'string', default: '/var/www/petstore-admin' },
        listen: { type: 'string', default: '80' },
        prefix: { type: 'string', default: '/var/lib/nginx' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    if (!parsed.values.help) return parsed;
    console.log(USAGE);
    process.exit(0);
  } catch (error) {
    // Node's own words name the option; its stack trace would bury them.
    console.error(`${(error as Error).message.split('. ')[0]}.\n\n${USAGE}`);
    process.exit(2);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { positionals, values } = commandLine();
  const command = positionals[0];
  if (command !== 'serve' && command !== 'conf' && command !== 'csp') {
    console.error(`${command ? `Unknown command ${command}.` : 'No command.'}\n\n${USAGE}`);
    process.exit(2);
  }
  if (command === 'conf' || command === 'csp') {
    let config: AppConfig;
    let base: string;
    try {
      config = readConfig(values.config ?? join(values.dist, 'config.json'));
      base = normalizeBase(values.base);
    } catch (error) {
      // One line naming what is wrong, rather than a stack trace or a CSP without origins.
      console.error((error as Error).message);
      process.exit(1);
    }
    const conf = renderNginxConf({
      prefix: values.prefix,
      listen: values.listen,
      root: values.root,
      base,
      connectSrc: connectSrcOf(config),
    });
    // One CSP for every host: the line of deploy/nginx.conf.
    process.stdout.write(command === 'conf' ? conf : `${/Content-Security-Policy "([^"]+)"/.exec(conf)![1]}\n`);
  } else {
    const site = await startNginx({
      dist: values.dist,
      base: values.base,
      port: Number(values.port),
      ...(values.config ? { config: readFileSync(values.config, 'utf8') } : {}),
    });
    serveUntilSignal(site);
  }
}
