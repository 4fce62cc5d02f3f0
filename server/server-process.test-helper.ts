import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** One `npm start` server, run as its own operating-system process, and what it printed. */
export interface ServerProcess {
  readonly port: number;
  readonly url: string;
  /** Every line it printed so far, standard output and error alike. */
  readonly lines: string[];
  /** Resolves with the first printed line that matches, or fails saying what it printed instead. */
  printed(pattern: RegExp, ms?: number): Promise<string>;
  /** kill -9: the process ends at once, finishing nothing. */
  kill(): Promise<void>;
  /** SIGTERM, as a service manager stops it: it finishes what it has and exits. */
  stop(): Promise<void>;
}

const MAIN = new URL('./main.ts', import.meta.url).pathname;
const READY = /Insights is running at/;

/** A port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts server/main.ts as `npm start` does (node with tsx; no tsx CLI in
 * between, so a kill reaches the server itself), with `env` over a bare
 * environment; resolves once it says it is running, with its port.
 */
export async function startServerProcess(
  env: Record<string, string>,
  { port, readyMs = 60_000 }: { port?: number; readyMs?: number } = {},
): Promise<ServerProcess> {
  const chosen = port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', ...env, PORT: String(chosen) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server = serverOf(child, chosen);
  await server.printed(READY, readyMs);
  return server;
}

function serverOf(child: ChildProcess, port: number): ServerProcess {
  const lines: string[] = [];
  const waiting = new Set<() => void>();
  let exited: number | null | undefined;
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream?.on('data', (chunk: Buffer) => {
      const parts = (partial + chunk.toString('utf8')).split('\n');
      partial = parts.pop() ?? '';
      lines.push(...parts);
      for (const wake of waiting) wake();
    });
  }
  child.once('exit', (code) => {
    exited = code;
    for (const wake of waiting) wake();
  });

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    lines,
    printed(pattern, ms = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const line = lines.find((each) => pattern.test(each));
          if (line !== undefined || exited !== undefined || Date.now() > deadline) {
            waiting.delete(check);
            clearTimeout(timer);
          }
          if (line !== undefined) resolve(line);
          else if (exited !== undefined || Date.now() > deadline) {
            const why = exited !== undefined ? `exited (${exited})` : `printed nothing like it in ${ms} ms`;
            reject(
              new Error(`the server on port ${port} ${why}, waiting for ${pattern}:\n${lines.join('\n')}`),
            );
          }
        };
        const deadline = Date.now() + ms;
        const timer = setTimeout(check, ms + 1);
        waiting.add(check);
        check();
      });
    },
    async kill() {
      if (exited === undefined) child.kill('SIGKILL');
      await exit;
    },
    async stop() {
      if (exited === undefined) child.kill('SIGTERM');
      await exit;
    },
  };
}
