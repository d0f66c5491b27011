import { type AddressInfo, createServer, type Server, Socket } from "node:net";

export type TcpProxy = {
  port: number;
  /**
   * Keeps every connection open but carries nothing either way, as a network partition does;
   * what is sent meanwhile is held, like TCP's retransmissions, and delivered on `heal`.
   */
  partition(): void;
  /** Drops every connection and refuses new ones: the database is gone. */
  cut(): Promise<void>;
  /** Carries traffic again (on the same port). */
  heal(): Promise<void>;
  close(): Promise<void>;
};

/**
 * A TCP relay in front of a real server, so a test can make the database unreachable to the app
 * without touching the shared server (issue 12: "a database made unreachable by the test itself").
 */
export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>();
  let partitioned = false;
  const held: Array<[Socket, Buffer]> = [];
  let server: Server;
  let port = 0;

  const relay = (from: Socket, to: Socket) =>
    from.on("data", (chunk: Buffer) => {
      if (partitioned) held.push([to, chunk]);
      else to.write(chunk);
    });

  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = new Socket();
        upstream.connect(targetPort, targetHost);
        const pair: [Socket, Socket] = [client, upstream];
        pairs.add(pair);
        relay(client, upstream);
        relay(upstream, client);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          pairs.delete(pair);
        };
        client.on("error", drop).on("close", drop);
        upstream.on("error", drop).on("close", drop);
      });
      server.listen(port, "127.0.0.1", () => {
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
      held.length = 0;
      server.close(() => resolve());
    });

  await listen();
  return {
    get port() {
      return port;
    },
    partition() {
      partitioned = true;
    },
    cut: stop,
    async heal() {
      partitioned = false;
      for (const [to, chunk] of held.splice(0)) if (!to.destroyed) to.write(chunk);
      if (!server.listening) await listen();
    },
    close: stop,
  };
}
