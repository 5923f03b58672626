// Soak of the reference service: mixed reads and creates for a bounded time while faults are injected
// (connections dropped mid-request, bodies that stall, wrong keys, another process holding the
// database's write lock). Prints 5xx, errors, p99 latency, memory growth, and whether every
// acknowledged pet is still there after a restart. Loopback only; asserts nothing.
//
// `npm run bench:soak -- --instances`: two instances on PostgreSQL behind nginx instead, one of them
// killed (kill -9) a third into the run and started again at two thirds; prints the 5xx by status,
// p99, and whether every acknowledged pet is there at the end.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SQLITE_DRIVER } from '../server/sqlite.ts';
import { startDeployment, startInstance } from '../server/test/instances.ts';
import { startReferenceService, stop } from './processes.ts';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 45);
const PORT = 4340;
const BASE = `http://127.0.0.1:${PORT}/v1`;
const KEY = 'soak-key';
const HEADERS = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };

/** The query of the `next` link in a Link header (the service writes it relative to its base). */
const nextQuery = (headers: Headers | undefined) => /<\?([^>]+)>/.exec(headers?.get('link') ?? '')?.[1];

/** The id of a pet a create answered with 201. */
const petId = (answer: { status: number; body: string } | undefined) =>
  answer?.status === 201 ? String((JSON.parse(answer.body) as { id: number }).id) : undefined;

/** Every pet id the service at `base` lists, page after page. */
async function storedIds(base: string): Promise<Set<string>> {
  const stored = new Set<string>();
  for (let next: string | undefined = 'limit=100'; next;) {
    const response = await fetch(`${base}/pets?${next}`, { headers: HEADERS });
    for (const pet of (await response.json()) as { id: number }[]) stored.add(String(pet.id));
    next = nextQuery(response.headers);
  }
  return stored;
}
const READERS = 4;
const CREATORS = 2;
/** The foreign lock: taken this far into the run, held this long. */
const LOCK_AT_MS = 10_000;
const LOCK_FOR_MS = 4_000;

export interface SoakReport {
  seconds: number;
  requests: number;
  /** Answers of 500 and above other than the documented 503 `service_busy`. */
  undocumented5xx: number;
  busy503: number;
  busyOutsideLock: number;
  /** Network errors and unexpected statuses seen by well-behaved clients. */
  errors: number;
  p50Ms: number;
  p99Ms: number;
  /** Reads that started while the foreign lock was held, and their slowest answer. */
  readsDuringLock: number;
  slowestReadDuringLockMs: number;
  acknowledged: number;
  lost: number;
  idempotentReplaysThatAddedAPet: number;
  wrongKeys: { sent: number; refused401: number; throttled429: number; other: number };
  dropped: number;
  stalled: { sent: number; answered408: number; slowestAnswerMs: number; unanswered: number };
  rssMb: { afterWarmUp: number; atEnd: number; growth: number };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;

/** Resident memory of a process, from /proc (Linux), in MB. */
const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Math.round(Number(line[1]) / 102.4) / 10 : NaN;
};

/** Sends raw bytes and resolves with the status line answered, or undefined if none came in time. */
function rawRequest(bytes: string, { waitMs, dropAfterMs }: { waitMs: number; dropAfterMs?: number }) {
  return new Promise<{ status?: number; ms: number }>((resolve) => {
    const started = performance.now();
    const socket = connect(PORT, '127.0.0.1');
    let answer = '';
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]) || undefined,
        ms: performance.now() - started,
      });
    };
    const timer = setTimeout(finish, dropAfterMs ?? waitMs);
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (dropAfterMs === undefined) finish();
    });
    socket.on('error', finish);
    socket.on('close', finish);
    socket.write(bytes);
  });
}

/** Another process takes SQLite's write lock on the file and keeps it for `ms`. */
function holdWriteLock(database: string, ms: number) {
  const script = `
    const db = require(process.argv[3])(process.argv[1]);
    db.exec('BEGIN IMMEDIATE');
    setTimeout(() => { db.exec('ROLLBACK'); db.close(); }, Number(process.argv[2]));`;
  const child = spawn(process.execPath, ['-e', script, database, String(ms), SQLITE_DRIVER], { stdio: 'inherit' });
  return new Promise<void>((resolve) => child.once('exit', () => resolve()));
}

export async function soak(seconds = SECONDS): Promise<SoakReport> {
  const work = mkdtempSync(join(tmpdir(), 'petstore-soak-'));
  const database = join(work, 'pets.sqlite');
  const env = { PORT: String(PORT), MESSAGES_PORT: String(PORT + 1), PETSTORE_DB: database, PETSTORE_API_KEYS: KEY };
  let service = await startReferenceService({ ...env, PETSTORE_SEED: '0', LOG_LEVEL: 'warn' });
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const running = () => performance.now() < deadline;

  const latencies: number[] = [];
  const acknowledged = new Set<string>();
  let requests = 0;
  let undocumented5xx = 0;
  let busy503 = 0;
  let errors = 0;
  let idempotentReplaysThatAddedAPet = 0;
  let lockHeld = false;
  let lockEndedAt = -Infinity;
  let busyOutsideLock = 0;
  let readsDuringLock = 0;
  let slowestReadDuringLockMs = 0;

  interface Answer {
    status: number;
    ok: boolean;
    headers: Headers;
    body: string;
  }

  /** One request of a well-behaved client: counted, timed, its status classified. */
  async function call(path: string, init?: RequestInit): Promise<Answer | undefined> {
    const duringLock = lockHeld && !init?.method;
    const begin = performance.now();
    requests++;
    try {
      const answer = await fetch(`${BASE}${path}`, { headers: HEADERS, ...init });
      const response = { status: answer.status, ok: answer.ok, headers: answer.headers, body: await answer.text() };
      const ms = performance.now() - begin;
      latencies.push(ms);
      if (duringLock) {
        readsDuringLock++;
        slowestReadDuringLockMs = Math.max(slowestReadDuringLockMs, ms);
      }
      if (response.status === 503 && response.headers.has('retry-after')) {
        busy503++;
        // The lock's end is seen a moment late: a write that started before then may still meet it.
        if (!lockHeld && performance.now() - lockEndedAt > 1000) busyOutsideLock++;
      } else if (response.status >= 500) undocumented5xx++;
      else if (!response.ok) errors++;
      return response;
    } catch {
      errors++;
      return undefined;
    }
  }

  async function reader(index: number) {
    const statuses = ['', '&status=available', '&status=pending', '&status=sold'];
    for (let round = 0; running(); round++) {
      const first = await call(`/pets?limit=${round % 2 ? 100 : 20}${statuses[(index + round) % 4]}`);
      const next = nextQuery(first?.headers);
      if (next) await call(`/pets?${next}`);
    }
  }

  async function creator(index: number) {
    for (let n = 0; running(); n++) {
      const body = JSON.stringify({ name: `Soak ${index}-${n}`, categoryId: n % 9, status: 'available' });
      // Every fifth create is sent twice with one Idempotency-Key, as a retry after a timeout would be.
      const retried = n % 5 === 0;
      const headers = retried ? { ...HEADERS, 'idempotency-key': `"soak-${index}-${n}"` } : HEADERS;
      const response = await call('/pets', { method: 'POST', headers, body });
      if (response?.status === 503) {
        await sleep(Number(response.headers.get('retry-after') ?? 1) * 1000);
        continue;
      }
      const id = petId(response);
      if (!id) continue;
      acknowledged.add(id);
      if (retried) {
        const replayed = petId(await call('/pets', { method: 'POST', headers, body }));
        if (replayed && replayed !== id) {
          idempotentReplaysThatAddedAPet++;
          acknowledged.add(replayed);
        }
      }
    }
  }

  const wrongKeys = { sent: 0, refused401: 0, throttled429: 0, other: 0 };
  async function wrongKeyClient() {
    while (running()) {
      wrongKeys.sent++;
      const response = await fetch(`${BASE}/pets?limit=20`, { headers: { authorization: 'Bearer guessed' } }).catch(
        () => undefined,
      );
      await response?.arrayBuffer();
      if (response?.status === 401) wrongKeys.refused401++;
      else if (response?.status === 429) wrongKeys.throttled429++;
      else wrongKeys.other++;
      await sleep(100);
    }
  }

  let dropped = 0;
  async function dropper() {
    while (running()) {
      dropped++;
      // Half a body, then the connection goes; and a large list, dropped while it is being answered.
      await rawRequest(
        `POST /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\nContent-Type: application/json\r\nContent-Length: 60\r\n\r\n{"name":"Dro`,
        { waitMs: 0, dropAfterMs: 5 },
      );
      dropped++;
      await rawRequest(`GET /v1/pets?limit=100 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\n\r\n`, {
        waitMs: 0,
        dropAfterMs: 1,
      });
      await sleep(50);
    }
  }

  const stalled = { sent: 0, answered408: 0, slowestAnswerMs: 0, unanswered: 0 };
  const stalls: Promise<void>[] = [];
  async function staller() {
    // A body that stops after a few bytes, every few seconds while there is time for its answer.
    while (performance.now() < deadline - 20_000) {
      stalled.sent++;
      stalls.push(
        rawRequest(
          `POST /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\nContent-Type: application/json\r\nContent-Length: 60\r\n\r\n{"na`,
          { waitMs: 30_000 },
        ).then(({ status, ms }) => {
          if (status === 408) {
            stalled.answered408++;
            stalled.slowestAnswerMs = Math.max(stalled.slowestAnswerMs, Math.round(ms));
          } else stalled.unanswered++;
        }),
      );
      await sleep(4000);
    }
  }

  async function foreignLock() {
    await sleep(LOCK_AT_MS);
    lockHeld = true;
    await holdWriteLock(database, LOCK_FOR_MS);
    lockHeld = false;
    lockEndedAt = performance.now();
  }

  const memory: { at: number; mb: number }[] = [];
  const sampler = setInterval(() => memory.push({ at: performance.now() - started, mb: rssMb(service.pid!) }), 1000);

  await Promise.all([
    ...Array.from({ length: READERS }, (_, i) => reader(i)),
    ...Array.from({ length: CREATORS }, (_, i) => creator(i)),
    wrongKeyClient(),
    dropper(),
    staller(),
    foreignLock(),
  ]);
  await Promise.all(stalls);
  clearInterval(sampler);
  const atEnd = rssMb(service.pid!);

  // Nothing acknowledged is lost: every pet answered 201 is there after a restart.
  await stop(service);
  service = await startReferenceService({ ...env, PETSTORE_SEED: '0', LOG_LEVEL: 'silent' });
  const stored = await storedIds(BASE);
  await stop(service);
  rmSync(work, { recursive: true, force: true });

  latencies.sort((a, b) => a - b);
  const afterWarmUp = memory.find((sample) => sample.at >= 5000)?.mb ?? memory[0]?.mb ?? NaN;
  return {
    seconds,
    requests,
    undocumented5xx,
    busy503,
    busyOutsideLock,
    errors,
    p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
    p99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
    readsDuringLock,
    slowestReadDuringLockMs: Math.round(slowestReadDuringLockMs),
    acknowledged: acknowledged.size,
    lost: [...acknowledged].filter((id) => !stored.has(id)).length,
    idempotentReplaysThatAddedAPet,
    wrongKeys,
    dropped,
    stalled,
    rssMb: { afterWarmUp, atEnd, growth: Math.round((atEnd - afterWarmUp) * 10) / 10 },
  };
}

export function printSoak(report: SoakReport) {
  const row = (figure: string, value: string | number, target: string, met: boolean) => ({
    figure,
    value,
    target,
    '': met ? 'met' : 'MISSED',
  });
  console.log(
    `Soak: ${report.seconds} s of reads (${READERS} clients) and creates (${CREATORS}), ${report.requests} requests, ` +
      `with dropped connections, stalled bodies, wrong keys and a ${LOCK_FOR_MS / 1000} s foreign write lock:`,
  );
  console.table([
    row('5xx other than 503 service_busy', report.undocumented5xx, '0', report.undocumented5xx === 0),
    row(
      '503 service_busy (outside the lock)',
      `${report.busy503} (${report.busyOutsideLock})`,
      'only while locked',
      report.busyOutsideLock === 0,
    ),
    row('errors seen by well-behaved clients', report.errors, '0', report.errors === 0),
    row('p50 / p99 latency', `${report.p50Ms} / ${report.p99Ms} ms`, 'p99 ≤ 1 s', report.p99Ms <= 1000),
    row(
      'reads during the lock (slowest)',
      `${report.readsDuringLock} (${report.slowestReadDuringLockMs} ms)`,
      'never wait for it',
      report.slowestReadDuringLockMs < 1000,
    ),
    row('acknowledged pets lost after restart', `${report.lost} of ${report.acknowledged}`, '0', report.lost === 0),
    row(
      'idempotent retries that added a pet',
      report.idempotentReplaysThatAddedAPet,
      '0',
      report.idempotentReplaysThatAddedAPet === 0,
    ),
    row(
      'wrong keys: 401 / 429 / other',
      `${report.wrongKeys.refused401} / ${report.wrongKeys.throttled429} / ${report.wrongKeys.other}`,
      'throttled, nothing else',
      report.wrongKeys.other === 0 && report.wrongKeys.throttled429 > 0,
    ),
    row('dropped connections', report.dropped, 'survived', true),
    row(
      'stalled bodies answered 408 (slowest)',
      `${report.stalled.answered408} of ${report.stalled.sent} (${report.stalled.slowestAnswerMs} ms)`,
      'all, within 30 s',
      report.stalled.unanswered === 0 && report.stalled.slowestAnswerMs <= 30_000,
    ),
    row(
      'memory (RSS) after warm-up → end',
      `${report.rssMb.afterWarmUp} → ${report.rssMb.atEnd} MB`,
      'flat (≤ +20 MB)',
      report.rssMb.growth <= 20,
    ),
  ]);
}

export interface InstancesSoakReport {
  seconds: number;
  requests: number;
  /** Answers of 500 and above, by status: nginx's 502 for the requests in flight to the killed instance. */
  fiveXx: Record<number, number>;
  /** Network errors and other unexpected statuses. */
  errors: number;
  p50Ms: number;
  p99Ms: number;
  acknowledged: number;
  lost: number;
  idempotentReplaysThatAddedAPet: number;
  killedAtS: number;
  restartedAtS: number;
}

/** Reads and creates through nginx while one of two instances on PostgreSQL is killed, then restarted. */
export async function soakInstances(seconds = SECONDS): Promise<InstancesSoakReport> {
  const deployment = await startDeployment({ env: { PETSTORE_API_KEYS: KEY, PETSTORE_SEED: '0', LOG_LEVEL: 'warn' } });
  const base = deployment.balancer.apiBaseUrl;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const running = () => performance.now() < deadline;
  const latencies: number[] = [];
  const acknowledged = new Set<string>();
  const fiveXx: Record<number, number> = {};
  let requests = 0;
  let errors = 0;
  let idempotentReplaysThatAddedAPet = 0;

  async function call(path: string, init?: RequestInit) {
    const begin = performance.now();
    requests++;
    try {
      const answer = await fetch(`${base}${path}`, { headers: HEADERS, ...init });
      const response = { status: answer.status, headers: answer.headers, body: await answer.text() };
      latencies.push(performance.now() - begin);
      if (response.status >= 500) fiveXx[response.status] = (fiveXx[response.status] ?? 0) + 1;
      else if (response.status >= 400) errors++;
      return response;
    } catch {
      errors++;
      return undefined;
    }
  }

  async function reader(index: number) {
    for (let round = 0; running(); round++) {
      const first = await call(`/pets?limit=${(index + round) % 2 ? 100 : 20}`);
      const next = nextQuery(first?.headers);
      if (next) await call(`/pets?${next}`);
    }
  }
  async function creator(index: number) {
    for (let n = 0; running(); n++) {
      const body = JSON.stringify({ name: `Soak ${index}-${n}`, categoryId: n % 9, status: 'available' });
      // Every create carries a key: a failed one is retried, as a client would, and never adds twice.
      const headers = { ...HEADERS, 'idempotency-key': `"soak-${index}-${n}"` };
      let id: string | undefined;
      for (let attempt = 0; attempt < 5 && !id && running(); attempt++) {
        id = petId(await call('/pets', { method: 'POST', headers, body }));
        if (!id) await sleep(100);
      }
      if (!id) continue;
      acknowledged.add(id);
      if (n % 5 === 0) {
        const replayed = petId(await call('/pets', { method: 'POST', headers, body }));
        if (replayed && replayed !== id) {
          idempotentReplaysThatAddedAPet++;
          acknowledged.add(replayed);
        }
      }
    }
  }
  const killedAtS = Math.round(seconds / 3);
  const restartedAtS = Math.round((2 * seconds) / 3);
  async function killer() {
    const victim = deployment.instances[1]!;
    await sleep(killedAtS * 1000);
    await victim.kill();
    await sleep((restartedAtS - killedAtS) * 1000);
    // On the same ports, so that nginx finds it again.
    deployment.instances[1] = await startInstance({
      PETSTORE_API_KEYS: KEY,
      PETSTORE_DB: deployment.db,
      PORT: new URL(victim.apiBaseUrl).port,
      MESSAGES_PORT: new URL(victim.messagesBaseUrl).port,
    });
  }

  await Promise.all([
    ...Array.from({ length: READERS }, (_, i) => reader(i)),
    ...Array.from({ length: CREATORS * 2 }, (_, i) => creator(i)),
    killer(),
  ]);

  const stored = await storedIds(base);
  await deployment.stop();

  latencies.sort((a, b) => a - b);
  return {
    seconds,
    requests,
    fiveXx,
    errors,
    p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
    p99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
    acknowledged: acknowledged.size,
    lost: [...acknowledged].filter((id) => !stored.has(id)).length,
    idempotentReplaysThatAddedAPet,
    killedAtS,
    restartedAtS,
  };
}

function printInstancesSoak(report: InstancesSoakReport) {
  const total5xx = Object.values(report.fiveXx).reduce((sum, count) => sum + count, 0);
  console.log(
    `Soak, two instances on PostgreSQL behind nginx: ${report.seconds} s of reads (${READERS} clients) and ` +
      `creates (${CREATORS * 2}), ${report.requests} requests; one instance killed (kill -9) at ${report.killedAtS} s, ` +
      `started again at ${report.restartedAtS} s:`,
  );
  console.table([
    {
      figure: 'acknowledged pets lost',
      value: `${report.lost} of ${report.acknowledged}`,
      target: '0',
      '': report.lost === 0 ? 'met' : 'MISSED',
    },
    {
      figure: 'idempotent retries that added a pet',
      value: report.idempotentReplaysThatAddedAPet,
      target: '0',
      '': report.idempotentReplaysThatAddedAPet === 0 ? 'met' : 'MISSED',
    },
    {
      figure: '5xx (by status)',
      value: `${total5xx} (${
        Object.entries(report.fiveXx)
          .map(([status, count]) => `${status}: ${count}`)
          .join(', ') || 'none'
      })`,
      target: 'the requests in flight at the kill',
      '': '',
    },
    { figure: 'other errors', value: report.errors, target: '0', '': report.errors === 0 ? 'met' : 'MISSED' },
    {
      figure: 'p50 / p99 latency',
      value: `${report.p50Ms} / ${report.p99Ms} ms`,
      target: 'p99 ≤ 1 s',
      '': report.p99Ms <= 1000 ? 'met' : 'MISSED',
    },
  ]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--instances')) printInstancesSoak(await soakInstances());
  else printSoak(await soak());
}
