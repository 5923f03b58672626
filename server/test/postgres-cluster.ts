// A throwaway PostgreSQL cluster for tests and benches: Debian's `postgresql` package, started
// unprivileged in a temporary folder on a loopback port, and deleted again when stopped.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** The newest PostgreSQL installed under /usr/lib/postgresql (or `PG_BIN`), or undefined. */
export function postgresBinaries(): string | undefined {
  const given = process.env['PG_BIN'];
  if (given) return existsSync(join(given, 'initdb')) ? given : undefined;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && join(root, versions[0], 'bin');
}

/** A port the system has just given out, free again now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface PostgresCluster {
  port: number;
  /** The URL of `database` as the service's user (PETSTORE_DB). */
  url(database?: string): string;
  /** A new empty database, and its URL. */
  createDatabase(name?: string): Promise<string>;
  /**
   * A new empty schema of the `postgres` database, and a URL that works in it (its `search_path`):
   * to the service, a database of its own, made in a few milliseconds where CREATE DATABASE takes
   * half a second.
   */
  createSchema(): Promise<string>;
  /** Stops the server (`fast`: connections are cut, as in a restart); the data stays. */
  stop(): void;
  start(): void;
  /** Stops the server and deletes the cluster. */
  destroy(): void;
}

const USER = 'petstore';
let databases = 0;

/**
 * initdb, then pg_ctl start, on 127.0.0.1:`port`, with password login (so that wrong credentials can
 * be tested). PostgreSQL refuses to run as root: as root, it runs as `nobody`.
 */
export async function startPostgresCluster({ port }: { port?: number } = {}): Promise<PostgresCluster> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL is not installed: `apt-get install postgresql` (scripts/test.sh does).');
  const listenPort = port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'petstore-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const nobody = Number(execFileSync('id', ['-u', 'nobody'], { encoding: 'utf8' }).trim());
    chownSync(dir, nobody, nobody);
  }
  const run = (program: string, args: string[], check = true) => {
    const [command, argv] = asRoot
      ? ['runuser', ['-u', 'nobody', '--', join(bin, program), ...args]]
      : [join(bin, program), args];
    const result = spawnSync(command, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    if (check && result.status !== 0) {
      throw new Error(`${program} failed (${result.status}):\n${result.stdout}${result.stderr}`);
    }
  };
  const password = `pw-${Math.random().toString(36).slice(2)}`;
  const data = join(dir, 'data');
  const passwordFile = join(dir, 'password');
  writeFileSync(passwordFile, password);
  if (asRoot) execFileSync('chown', ['nobody', passwordFile]);
  run('initdb', [
    '-D',
    data,
    '-U',
    USER,
    '--auth=scram-sha-256',
    `--pwfile=${passwordFile}`,
    '-N',
    '--no-instructions',
  ]);
  // Throwaway data: no fsync (a crash of the machine is not what the tests are about).
  const options = [
    `-c listen_addresses=127.0.0.1 -p ${listenPort} -c unix_socket_directories=${dir}`,
    '-c fsync=off -c synchronous_commit=on -c full_page_writes=off -c max_connections=200',
  ].join(' ');
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '30', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  let running = true;
  const destroy = () => {
    if (running) run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'], false);
    running = false;
    rmSync(dir, { recursive: true, force: true });
  };
  // However the process ends, the cluster goes with it.
  process.once('exit', destroy);
  const url = (database = 'postgres') =>
    `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${listenPort}/${database}`;
  return {
    port: listenPort,
    url,
    async createDatabase(name = `test_${process.pid}_${++databases}`) {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    async createSchema() {
      const name = `test_${process.pid}_${++databases}`;
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE SCHEMA "${name}"`);
      } finally {
        await client.end();
      }
      return `${url()}?options=${encodeURIComponent(`-c search_path=${name}`)}`;
    },
    stop() {
      stop();
      running = false;
    },
    start() {
      start();
      running = true;
    },
    destroy() {
      process.off('exit', destroy);
      destroy();
    },
  };
}
