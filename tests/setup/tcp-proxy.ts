import net from "node:net";

/**
 * A loopback TCP proxy that can be cut and restored: it stands in for a database server
 * going down and coming back, without stopping the machine's PostgreSQL.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, "127.0.0.1", () => {
        port = (server?.address() as net.AddressInfo).port;
        resolve();
      });
    });

  await listen();
  return {
    get port() {
      return port;
    },
    /** Refuses new connections and drops the open ones. */
    async cut() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server?.close(resolve));
    },
    /** Listens again on the same port. */
    restore: listen,
    close() {
      for (const socket of sockets) socket.destroy();
      server?.close();
    },
  };
}
