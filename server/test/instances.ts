// Several instances of the service on one PostgreSQL database, behind nginx (an `upstream`, round
// robin), as docs/service.md describes a deployment: for the multi-instance tests, the benches and
// the e2e project that runs the core flows against them.
//
//   tsx server/test/instances.ts --port 4130 --messages-port 4131 [--instances 2]
//
// runs a throwaway cluster, the instances (with this process's environment) and nginx until it is
// stopped (SIGTERM, SIGINT).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { nginxGlobals, nginxPath, waitForPort } from '../../scripts/nginx.ts';
import { DEFAULT_LIMITS } from '../http.ts';
import { freePort, startPostgresCluster, type PostgresCluster } from './postgres-cluster.ts';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

export interface Instance {
  apiBaseUrl: string;
  messagesBaseUrl: string;
  process: ChildProcess;
  /** `kill -9`: no chance to finish anything. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts `server/main.ts` as its own process and waits until it says where it listens: on ports the
 * system gives it unless `env` names them (a port picked beforehand may be taken before the instance
 * binds it, by another test's client or server).
 */
export async function startInstance(env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { LOG_LEVEL: 'warn', PETSTORE_SEED: '0', ...process.env, PORT: '0', MESSAGES_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [apiBaseUrl, messagesBaseUrl] = await new Promise<[string, string]>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const api = /Pet store API: +(\S+)/.exec(output)?.[1];
      const messages = /Messages service: +(\S+)/.exec(output)?.[1];
      if (api && messages) resolve([api, messages]);
    });
    child.once('exit', (code) => reject(new Error(`an instance exited with ${code}:\n${output}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    apiBaseUrl,
    messagesBaseUrl,
    process: child,
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
  };
}

export interface Balancer {
  apiBaseUrl: string;
  messagesBaseUrl: string;
  stop(): Promise<void>;
}

// The balancer lets go of an idle connection before the instance does (docs/service.md).
const KEEPALIVE_MS = DEFAULT_LIMITS.keepAliveTimeoutMs - 1000;

/**
 * nginx in front of the instances: one `upstream` for the pets API and one for the messages
 * service, round robin. An instance that refuses connections (stopped, killed) is skipped: the
 * request goes to the next one, as nothing of it was sent yet.
 */
export async function startBalancer(
  instances: readonly Pick<Instance, 'apiBaseUrl' | 'messagesBaseUrl'>[],
  { port, messagesPort }: { port?: number; messagesPort?: number } = {},
): Promise<Balancer> {
  const nginx = nginxPath();
  if (!nginx) throw new Error('nginx is not installed: `apt-get install nginx` (scripts/test.sh does).');
  const [apiPort, msgPort] = [port ?? (await freePort()), messagesPort ?? (await freePort())];
  const work = mkdtempSync(join(tmpdir(), 'petstore-balancer-'));
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(work, temp));
  const upstream = (name: string, urls: string[]) =>
    `upstream ${name} {\n${urls.map((url) => `    server ${new URL(url).host} max_fails=1 fail_timeout=2s;`).join('\n')}\n    keepalive 16;\n    keepalive_timeout ${KEEPALIVE_MS}ms;\n  }`;
  const server = (listen: number, name: string) => `server {
    listen 127.0.0.1:${listen};
    location / {
      proxy_pass http://${name};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }`;
  writeFileSync(
    join(work, 'nginx.conf'),
    `worker_processes 1;
pid ${work}/nginx.pid;
error_log ${work}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${work}/body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
  ${upstream(
    'pets',
    instances.map((instance) => instance.apiBaseUrl),
  )}
  ${upstream(
    'messages',
    instances.map((instance) => instance.messagesBaseUrl),
  )}
  ${server(apiPort, 'pets')}
  ${server(msgPort, 'messages')}
}
`,
  );
  const child = spawn(nginx, ['-p', work, '-c', join(work, 'nginx.conf'), '-g', nginxGlobals()], {
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const log = () => (existsSync(join(work, 'error.log')) ? readFileSync(join(work, 'error.log'), 'utf8') : '');
  await Promise.all([waitForPort(apiPort, child, log), waitForPort(msgPort, child, log)]);
  return {
    apiBaseUrl: `http://127.0.0.1:${apiPort}/v1`,
    messagesBaseUrl: `http://127.0.0.1:${msgPort}`,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(work, { recursive: true, force: true });
    },
  };
}

export interface Deployment {
  cluster: PostgresCluster;
  /** PETSTORE_DB of every instance. */
  db: string;
  instances: Instance[];
  balancer: Balancer;
  stop(): Promise<void>;
}

/** A throwaway cluster, `count` instances on one database in it, and nginx in front of them. */
export async function startDeployment({
  count = 2,
  env = {},
  port,
  messagesPort,
  cluster: given,
}: {
  count?: number;
  env?: Record<string, string>;
  port?: number;
  messagesPort?: number;
  cluster?: PostgresCluster;
} = {}): Promise<Deployment> {
  const cluster = given ?? (await startPostgresCluster());
  const db = await cluster.createDatabase(`petstore_${process.pid}_${Date.now()}`);
  // Started at once, as an orchestrator does: the migrations' advisory lock keeps them apart.
  const instances = await Promise.all(Array.from({ length: count }, () => startInstance({ ...env, PETSTORE_DB: db })));
  const balancer = await startBalancer(instances, { port, messagesPort });
  return {
    cluster,
    db,
    instances,
    balancer,
    async stop() {
      await balancer.stop();
      await Promise.all(instances.map((instance) => instance.stop()));
      if (!given) cluster.destroy();
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'messages-port': { type: 'string' },
      instances: { type: 'string', default: '2' },
    },
  });
  const deployment = await startDeployment({
    count: Number(values.instances),
    ...(values.port && { port: Number(values.port) }),
    ...(values['messages-port'] && { messagesPort: Number(values['messages-port']) }),
  });
  console.log(`Pet store API:      ${deployment.balancer.apiBaseUrl}  (${values.instances} instances on PostgreSQL)`);
  console.log(`Messages service:   ${deployment.balancer.messagesBaseUrl}`);
  // A test runner signals the whole process group, and tsx passes the signal on again: the first
  // one stops everything, the cluster included (it runs in a session of its own), later ones wait.
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void deployment.stop().finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
