// The benchmarks' servers run in processes of their own, as in production, never inside the load generator.
import { spawn, type ChildProcess } from 'node:child_process';

/** Starts a server process and resolves once `ready` appears in its output. */
export function start(command: string[], env: Record<string, string>, ready: RegExp): Promise<ChildProcess> {
  const child = spawn(command[0]!, command.slice(1), { env: { ...process.env, ...env } });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${command.join(' ')} exited with ${code}:\n${output}`)));
  });
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The reference service, started as `npm run server` starts it. */
export const startReferenceService = (env: Record<string, string>) =>
  start([process.execPath, '--import', 'tsx', 'server/main.ts'], env, /Pet store API/);
