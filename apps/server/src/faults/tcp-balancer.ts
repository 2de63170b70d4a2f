import { connect, createServer, type Server, type Socket } from "node:net";
import { freePort } from "../test/server-process";

/**
 * The smallest load balancer. "first": each new connection goes to the first
 * backend that accepts it, so when one process dies its clients' reconnections
 * land on the next (the fault tests). "round-robin": connections take turns,
 * spreading clients over every process (the real-time benchmark across two
 * processes). A refused backend always passes the connection to the next.
 * Production runs a real balancer (docs in bench/README.md).
 */
export interface TcpBalancer {
  port: number;
  close(): Promise<void>;
}

export async function startTcpBalancer(
  backendPorts: number[],
  strategy: "first" | "round-robin" = "first",
): Promise<TcpBalancer> {
  const port = await freePort();
  const open = new Set<Socket>();
  let turn = 0;
  const server: Server = createServer((client) => {
    const start = strategy === "round-robin" ? turn++ % backendPorts.length : 0;
    open.add(client);
    client.on("close", () => open.delete(client));
    client.on("error", () => client.destroy());
    client.pause();
    const tryBackend = (attempt: number) => {
      const backendPort =
        attempt < backendPorts.length ? backendPorts[(start + attempt) % backendPorts.length] : undefined;
      if (backendPort === undefined) {
        client.destroy();
        return;
      }
      const upstream = connect({ host: "127.0.0.1", port: backendPort });
      let connected = false;
      open.add(upstream);
      upstream.on("error", () => {
        // Refused: the next backend. Broken later: the client's connection breaks with it.
        if (!connected) tryBackend(attempt + 1);
      });
      upstream.on("close", () => {
        open.delete(upstream);
        if (connected) client.destroy();
      });
      upstream.once("connect", () => {
        connected = true;
        client.on("error", () => upstream.destroy());
        client.on("close", () => upstream.destroy());
        upstream.pipe(client);
        client.pipe(upstream);
        client.resume();
      });
    };
    tryBackend(0);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port,
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
