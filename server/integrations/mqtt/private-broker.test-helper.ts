import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../server-process.test-helper';

/** Where Debian's mosquitto package puts the broker: the machine's own Mosquitto service runs it. */
const MOSQUITTO = process.env.MOSQUITTO_BIN ?? '/usr/sbin/mosquitto';

/** A Mosquitto of a test's own, which it may restart: the machine's is shared by every test file. */
export interface PrivateBroker {
  readonly url: string;
  /**
   * Stops the broker as a service restart does (SIGTERM: it writes its sessions and queued messages to its
   * persistence file) and starts it again on the same port from that file.
   */
  restart(whileDown?: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the machine's Mosquitto binary on a free port of 127.0.0.1, with
 * persistence in a folder of its own, as the machine's service keeps it.
 */
export async function startPrivateBroker(): Promise<PrivateBroker> {
  if (!existsSync(MOSQUITTO)) {
    throw new Error(`${MOSQUITTO} is not there: install Debian's mosquitto package, or set MOSQUITTO_BIN`);
  }
  const folder = mkdtempSync(join(tmpdir(), 'insights-mosquitto-'));
  const port = await freePort();
  const config = join(folder, 'mosquitto.conf');
  writeFileSync(
    config,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence true',
      `persistence_location ${folder}/`,
      // Run as root, it would switch to the mosquitto user, who cannot write the test's folder.
      'user root',
      'log_dest none',
    ].join('\n'),
  );
  let broker = await run(config, port);
  const stop = async () => {
    const exited = new Promise((resolve) => broker.once('exit', resolve));
    if (broker.exitCode === null) broker.kill('SIGTERM');
    await exited;
  };
  return {
    url: `mqtt://127.0.0.1:${port}`,
    async restart(whileDown) {
      await stop();
      await whileDown?.();
      broker = await run(config, port);
    },
    async stop() {
      await stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

async function run(config: string, port: number): Promise<ChildProcess> {
  const broker = spawn(MOSQUITTO, ['-c', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  broker.stderr?.on('data', (chunk) => {
    said += chunk;
  });
  const until = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (broker.exitCode !== null) throw new Error(`mosquitto exited (${broker.exitCode}): ${said.trim()}`);
    if (Date.now() > until)
      throw new Error(`mosquitto did not listen on ${port} within 10 s: ${said.trim()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return broker;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
