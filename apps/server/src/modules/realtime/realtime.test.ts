import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startTestServer, type TestServer } from "../../test/support";

interface Frame {
  event: string;
  data: string;
}

function connect(server: TestServer, pathname: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(`${server.url.replace("http", "ws")}${pathname}`, { headers });
  const frames: Frame[] = [];
  const waiters: Array<() => void> = [];
  socket.on("message", (raw) => {
    frames.push(JSON.parse(raw.toString()) as Frame);
    for (const wake of waiters.splice(0)) wake();
  });
  const nextFrame = async (event: string): Promise<Frame> => {
    for (;;) {
      const found = frames.find((frame) => frame.event === event);
      if (found) return found;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  return { socket, nextFrame, closed };
}

describe("real-time endpoint (Pusher protocol 7 handshake)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it("establishes a connection with a socket id and activity timeout", async () => {
    const client = connect(server, "/app/velvet-key?protocol=7&client=js&version=8.4.0");
    const established = await client.nextFrame("pusher:connection_established");
    const data = JSON.parse(established.data) as { socket_id: string; activity_timeout: number };
    expect(data.socket_id).toMatch(/^\d+\.\d+$/);
    expect(data.activity_timeout).toBe(120);
    client.socket.close();
  });

  it("gives every connection a different socket id", async () => {
    const ids = new Set<string>();
    for (let index = 0; index < 5; index++) {
      const client = connect(server, "/app/velvet-key?protocol=7");
      ids.add(
        (JSON.parse((await client.nextFrame("pusher:connection_established")).data) as { socket_id: string }).socket_id,
      );
      client.socket.close();
    }
    expect(ids.size).toBe(5);
  });

  it("answers pusher:ping with pusher:pong", async () => {
    const client = connect(server, "/app/velvet-key?protocol=7");
    await client.nextFrame("pusher:connection_established");
    client.socket.send(JSON.stringify({ event: "pusher:ping", data: {} }));
    expect((await client.nextFrame("pusher:pong")).event).toBe("pusher:pong");
    client.socket.close();
  });

  it("closes an unknown app key with 4001", async () => {
    const client = connect(server, "/app/wrong-key?protocol=7");
    expect((await client.closed).code).toBe(4001);
  });

  it("closes a missing protocol with 4008 and an unsupported one with 4007", async () => {
    expect((await connect(server, "/app/velvet-key").closed).code).toBe(4008);
    expect((await connect(server, "/app/velvet-key?protocol=5").closed).code).toBe(4007);
  });

  it("refuses a handshake from an origin that is not allowed", async () => {
    const client = connect(server, "/app/velvet-key?protocol=7", { Origin: "https://evil.example" });
    client.socket.on("error", () => {});
    expect((await client.closed).code).toBe(1006);
  });
});
