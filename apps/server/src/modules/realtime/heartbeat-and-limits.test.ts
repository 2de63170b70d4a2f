import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createLogger } from "../../platform/logging/logger";
import { waitFor } from "../../test/realtime-clients";
import { startTestServer, type TestServer } from "../../test/support";
import { LocalBus } from "./bus";
import { LocalChannelDirectory } from "./channel-directory";
import { MemoryPresenceStore } from "./presence-store";
import { RealtimeServer } from "./server";
import { channelAuth } from "./signatures";
import { SocketRegistry } from "./socket-registry";
import { MAX_PRESENCE_MEMBERS } from "./subscriptions";

interface Frame {
  event: string;
  channel?: string;
  data: string;
}

function rawClient(port: number) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/app/velvet-key?protocol=7`);
  const frames: Frame[] = [];
  socket.on("message", (raw) => frames.push(JSON.parse(raw.toString()) as Frame));
  const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
  const socketId = async () =>
    (
      JSON.parse(
        (await waitFor(() => frames.find((frame) => frame.event === "pusher:connection_established"))).data,
      ) as { socket_id: string }
    ).socket_id;
  return { socket, frames, closed, socketId };
}

describe("heartbeat", () => {
  let http: Server;
  let realtime: RealtimeServer;
  let port: number;
  beforeAll(async () => {
    http = createServer();
    realtime = new RealtimeServer({
      appKey: "velvet-key",
      appSecret: "secret",
      allowedOrigins: [],
      trustProxy: false,
      connectionLimits: { perAddress: 50, upgradesPerWindow: 30 },
      logger: createLogger("silent"),
      presence: new MemoryPresenceStore(),
      sockets: new SocketRegistry(undefined, ""),
      directory: (counts) => new LocalChannelDirectory(counts),
      bus: () => new LocalBus(),
      activityTimeoutSeconds: 1,
      pongTimeoutMs: 600,
    });
    realtime.attach(http);
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    const address = http.address();
    port = typeof address === "object" && address ? address.port : 0;
  });
  afterAll(async () => {
    await realtime.close(0);
    await new Promise((resolve) => http.close(resolve));
  });

  it("pings an idle client and keeps it while it answers", async () => {
    const client = rawClient(port);
    await client.socketId();
    client.socket.on("message", (raw) => {
      if ((JSON.parse(raw.toString()) as Frame).event === "pusher:ping")
        client.socket.send(JSON.stringify({ event: "pusher:pong", data: {} }));
    });
    await waitFor(() => client.frames.some((frame) => frame.event === "pusher:ping"), 3_000, "ping");
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    client.socket.close();
  });

  it("closes a client that never answers with 4201", async () => {
    const client = rawClient(port);
    await client.socketId();
    expect(await client.closed).toBe(4201);
  });
});

describe("subscription limits", () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    // The presence test opens 101 sockets from 127.0.0.1, past the per-address limits (connection-limits.test.ts).
    server = await startTestServer({
      REALTIME_MAX_CONNECTIONS_PER_IP: "1000",
      REALTIME_UPGRADES_PER_IP_PER_10S: "1000",
    });
    port = Number(new URL(server.url).port);
  });
  afterAll(() => server.stop());

  it("refuses invalid channel names with a subscription error", async () => {
    const client = rawClient(port);
    await client.socketId();
    for (const channel of ["has space", "x".repeat(165), "bad!chars"]) {
      client.socket.send(JSON.stringify({ event: "pusher:subscribe", data: { channel } }));
    }
    await waitFor(() => client.frames.filter((frame) => frame.event === "pusher:subscription_error").length === 3);
    client.socket.close();
  });

  it(`holds at most ${MAX_PRESENCE_MEMBERS} members in a presence channel`, async () => {
    const { key, secret } = server.context.config.pusher;
    const clients = [];
    for (let index = 0; index <= MAX_PRESENCE_MEMBERS; index++) {
      const client = rawClient(port);
      const socketId = await client.socketId();
      const channelData = JSON.stringify({ user_id: `user-${index}` });
      client.socket.send(
        JSON.stringify({
          event: "pusher:subscribe",
          data: {
            channel: "presence-crowd",
            auth: channelAuth(key, secret, socketId, "presence-crowd", channelData),
            channel_data: channelData,
          },
        }),
      );
      const answer = await waitFor(() =>
        client.frames.find(
          (frame) =>
            frame.event === "pusher_internal:subscription_succeeded" || frame.event === "pusher:subscription_error",
        ),
      );
      clients.push({ client, answer: answer.event });
    }
    expect(
      clients
        .slice(0, MAX_PRESENCE_MEMBERS)
        .every((entry) => entry.answer === "pusher_internal:subscription_succeeded"),
    ).toBe(true);
    expect(clients.at(-1)?.answer).toBe("pusher:subscription_error");
    for (const { client } of clients) client.socket.close();
  }, 60_000);
});
