import { connect, createServer, type Server, type Socket } from 'node:net';

/** A port that forwards to a real broker, and can go away and come back like the broker would. */
export interface TcpRelay {
  readonly url: string;
  /** Stops listening and cuts every connection, as a broker that goes down does. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

/**
 * Relays 127.0.0.1:<free port> to the broker at brokerUrl. The test's broker is
 * shared (this machine's Mosquitto), so it cannot be stopped; the relay in front
 * of it can.
 */
export async function relayTo(brokerUrl: string): Promise<TcpRelay> {
  const target = new URL(brokerUrl);
  const targetPort = Number(target.port) || 1883;
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const listening = createServer((client) => {
        const upstream = connect({ host: target.hostname, port: targetPort });
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          // Either end going away takes the other with it.
          socket.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => {
        port = (listening.address() as { port: number }).port;
        server = listening;
        resolve();
      });
    });

  await listen();
  const credentials = target.username ? `${target.username}:${target.password}@` : '';
  return {
    url: `${target.protocol}//${credentials}127.0.0.1:${port}`,
    async stop() {
      const closing = server;
      server = undefined;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => (closing ? closing.close(() => resolve()) : resolve()));
    },
    start: listen,
  };
}
