import cluster, { type Worker } from 'node:cluster';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** API processes started for the bench: the origin they answer on together, and `stop`, which ends them. */
export interface ApiProcesses {
  origin: string;
  stop: () => Promise<void>;
}

const MAIN = fileURLToPath(new URL('../server/main.ts', import.meta.url));
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 10_000;
/** Characters kept of what a process wrote to stderr last, told when it fails to start. */
const STDERR_KEPT = 4_000;

const running = new Set<Worker>();
// A bench that stops on an error leaves no API process behind; a bench killed by a signal neither: its workers see
// their IPC channel close and exit, as Node's cluster workers do (Ctrl-C reaches them as well, and main.ts closes).
process.once('exit', () => {
  for (const worker of running) worker.process.kill('SIGKILL');
});

/**
 * Starts `count` processes of the real server (`server/main.ts`, run by tsx) on the database `databaseUrl`, all
 * listening on one free port of 127.0.0.1 (a port per group, so groups can run side by side) through Node's cluster:
 * this process is the cluster's primary and hands each incoming connection to the next worker in turn, and the bytes
 * then go straight between client and worker (no proxy in between, so a request costs the bench process nothing).
 * The workers start one after the other, so the start's migration check, IFSC sample and demo seed do not race. Job
 * polling is off, the request log silent and the sandbox providers on, as for the in-process API of the bench.
 */
export async function startApiProcesses(databaseUrl: string, count: number): Promise<ApiProcesses> {
  cluster.setupPrimary({ exec: MAIN, execArgv: ['--import', 'tsx'], silent: true });
  const port = await freePort();
  const env = { DATABASE_URL: databaseUrl, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'silent', JOB_POLL_MS: '0', NODE_ENV: 'development' };
  const workers: Worker[] = [];
  const stop = () => Promise.all(workers.map(stopWorker)).then(() => undefined);
  try {
    for (let index = 0; index < count; index++) {
      const worker = cluster.fork(env);
      workers.push(worker);
      running.add(worker);
      await listening(worker);
    }
    return { origin: `http://127.0.0.1:${port}`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A port of 127.0.0.1 free a moment ago (the system's pick for port 0). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address !== 'string' ? resolve(address.port) : reject(new Error('bench:scale: no free port'))));
    });
  });
}

/** The port `worker` listens on, once it does; rejected with its stderr when it exits first or takes too long. */
function listening(worker: Worker): Promise<number> {
  let stderr = '';
  worker.process.stdout?.resume();
  worker.process.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-STDERR_KEPT);
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`bench:scale: the API process did not listen within ${START_TIMEOUT_MS / 1000} s\n${stderr}`)), START_TIMEOUT_MS);
    worker.once('listening', (address) => {
      clearTimeout(timer);
      resolve(address.port);
    });
    worker.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`bench:scale: the API process exited (${signal ?? code}) before listening\n${stderr}`));
    });
  });
}

/** Asks `worker` to stop (SIGTERM: the server closes and exits), and kills it when it has not within a few seconds. */
function stopWorker(worker: Worker): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      running.delete(worker);
      resolve();
    };
    if (worker.process.exitCode !== null || worker.process.signalCode !== null) return done();
    const timer = setTimeout(() => worker.process.kill('SIGKILL'), STOP_TIMEOUT_MS);
    worker.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    worker.process.kill('SIGTERM');
  });
}
