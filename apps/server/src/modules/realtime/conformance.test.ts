import type Pusher from "pusher-js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import {
  type ClientOptions,
  connected,
  portOf,
  pusherClient,
  pusherPublisher,
  subscribed,
  waitFor,
} from "../../test/realtime-clients";
import { startTestServer, type TestServer } from "../../test/support";

describe("Pusher protocol conformance with pusher-js and the official pusher library", () => {
  let server: TestServer;
  let port: number;
  const clients: Pusher[] = [];
  const client = (options: ClientOptions = {}) => {
    const created = pusherClient(server.context.config, port, options);
    clients.push(created);
    return created;
  };

  beforeAll(async () => {
    server = await startTestServer();
    port = portOf(server.url);
  });
  afterEach(() => {
    for (const created of clients.splice(0)) created.disconnect();
  });
  afterAll(() => server.stop());

  it("connects with a socket id of the form n.n", async () => {
    const socketId = await connected(client());
    expect(socketId).toMatch(/^\d+\.\d+$/);
  });

  it("delivers events on a public channel published by the official library", async () => {
    const listener = client();
    const channel = await subscribed(listener, "lobby");
    const received: unknown[] = [];
    channel.bind("greeting", (data: unknown) => received.push(data));
    await pusherPublisher(server.context.config, port).trigger("lobby", "greeting", { hello: "world" });
    expect(await waitFor(() => received[0])).toEqual({ hello: "world" });
  });

  it("subscribes to a private channel with a valid signature and receives its events", async () => {
    const listener = client();
    const channel = await subscribed(listener, "private-room.1");
    const received: unknown[] = [];
    channel.bind("ping", (data: unknown) => received.push(data));
    await pusherPublisher(server.context.config, port).trigger("private-room.1", "ping", { n: 1 });
    expect(await waitFor(() => received[0])).toEqual({ n: 1 });
  });

  it("refuses a wrong signature and a signature made for another socket", async () => {
    await expect(subscribed(client({ forgeSignatures: true }), "private-room.2")).rejects.toThrow("subscription_error");
    await expect(subscribed(client({ signForSocket: "123.456" }), "private-room.2")).rejects.toThrow(
      "subscription_error",
    );
  });

  it("reports presence ids, hash and count, and member_added/removed once per user across tabs", async () => {
    const watcher = client({ presenceUser: { id: "watcher", info: { name: "W" } } });
    const watcherChannel = await subscribed(watcher, "presence-party");
    const added: string[] = [];
    const removed: string[] = [];
    watcherChannel.bind("pusher:member_added", (member: { id: string }) => added.push(member.id));
    watcherChannel.bind("pusher:member_removed", (member: { id: string }) => removed.push(member.id));

    const tabOne = client({ presenceUser: { id: "alice", info: { name: "Alice" } } });
    const aliceChannel = await subscribed(tabOne, "presence-party");
    const aliceSawHerself: string[] = [];
    aliceChannel.bind("pusher:member_added", (member: { id: string }) => aliceSawHerself.push(member.id));
    await waitFor(() => added.includes("alice"));
    const members = (aliceChannel as unknown as { members: { count: number; members: Record<string, unknown> } })
      .members;
    expect(members.count).toBe(2);
    expect(members.members).toEqual({ watcher: { name: "W" }, alice: { name: "Alice" } });

    const tabTwo = client({ presenceUser: { id: "alice", info: { name: "Alice" } } });
    await subscribed(tabTwo, "presence-party");
    tabOne.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(added).toEqual(["alice"]);
    expect(removed).toEqual([]);

    tabTwo.disconnect();
    await waitFor(() => removed.includes("alice"));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(removed).toEqual(["alice"]);
    expect(aliceSawHerself).toEqual([]);
  });

  it("relays encrypted channel events, which the client decrypts", async () => {
    const listener = client();
    const channel = await subscribed(listener, "private-encrypted-secrets");
    const received: unknown[] = [];
    channel.bind("whisper", (data: unknown) => received.push(data));
    await pusherPublisher(server.context.config, port).trigger("private-encrypted-secrets", "whisper", {
      secret: "shh",
    });
    expect(await waitFor(() => received[0])).toEqual({ secret: "shh" });
  });

  // What client events may carry, and in whose name, is client-events.test.ts's, with members behind the sockets.
  it("relays no client event from a socket the API never authorised for a member", async () => {
    const sender = client();
    const receiver = client();
    const sendChannel = await subscribed(sender, "private-chat.9");
    const receiveChannel = await subscribed(receiver, "private-chat.9");
    const received: unknown[] = [];
    receiveChannel.bind("client-typing", (data: unknown) => received.push(data));
    const errors: unknown[] = [];
    sender.connection.bind("error", (error: unknown) => errors.push(error));
    sendChannel.trigger("client-typing", { username: "anyone" });
    await waitFor(() => errors[0]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toEqual([]);
    expect(sender.connection.state).toBe("connected");
  });

  it("refuses client events on public channels", async () => {
    const sender = client();
    const listener = client();
    const publicChannel = await subscribed(sender, "public-room");
    const listenerChannel = await subscribed(listener, "public-room");
    const received: unknown[] = [];
    listenerChannel.bind("client-hi", (data: unknown) => received.push(data));
    const errors: unknown[] = [];
    sender.connection.bind("error", (error: unknown) => errors.push(error));
    publicChannel.trigger("client-hi", {});
    await waitFor(() => errors[0]);
    expect(received).toEqual([]);
  });

  it("signs users in and delivers to #server-to-user channels, which only that user may join", async () => {
    const member = client({ signinUserId: "member-42" });
    member.signin();
    const received: unknown[] = [];
    member.user.bind("nudge", (data: unknown) => received.push(data));
    await waitFor(() => (member.user as unknown as { user_data: { id: string } | null }).user_data?.id === "member-42");
    await waitFor(
      () =>
        (member.user as unknown as { serverToUserChannel?: { subscribed: boolean } }).serverToUserChannel?.subscribed,
    );
    await pusherPublisher(server.context.config, port).sendToUser("member-42", "nudge", { hi: true });
    expect(await waitFor(() => received[0])).toEqual({ hi: true });

    const intruder = new WebSocket(`ws://127.0.0.1:${port}/app/velvet-key?protocol=7`);
    const frames: Array<{ event: string; channel?: string }> = [];
    intruder.on("message", (raw) => frames.push(JSON.parse(raw.toString())));
    await waitFor(() => frames[0]);
    intruder.send(JSON.stringify({ event: "pusher:subscribe", data: { channel: "#server-to-user-member-42" } }));
    const refusal = await waitFor(() => frames.find((frame) => frame.event === "pusher:subscription_error"));
    expect(refusal.channel).toBe("#server-to-user-member-42");
    intruder.close();
  });

  it("closes a signed-in user's connections with 4009 when terminated", async () => {
    const member = client({ signinUserId: "member-77" });
    member.signin();
    await waitFor(() => (member.user as unknown as { user_data: { id: string } | null }).user_data?.id === "member-77");
    const closes: number[] = [];
    member.connection.bind("error", (error: { data?: { code?: number } }) => {
      if (error.data?.code) closes.push(error.data.code);
    });
    await pusherPublisher(server.context.config, port).terminateUserConnections("member-77");
    await waitFor(() => member.connection.state !== "connected", 3_000, "termination");
    expect(["failed", "disconnected", "unavailable"]).toContain(member.connection.state);
  });

  it("answers the HTTP API's channel queries through the official library", async () => {
    const listener = client({ presenceUser: { id: "query-user" } });
    await subscribed(listener, "presence-query");
    const publisher = pusherPublisher(server.context.config, port);
    const channels = (await (
      await publisher.get({ path: "/channels", params: { filter_by_prefix: "presence-", info: "user_count" } })
    ).json()) as {
      channels: Record<string, { user_count?: number }>;
    };
    expect(channels.channels["presence-query"]).toEqual({ user_count: 1 });
    const info = await (
      await publisher.get({ path: "/channels/presence-query", params: { info: "subscription_count,user_count" } })
    ).json();
    expect(info).toEqual({ occupied: true, subscription_count: 1, user_count: 1 });
    const users = await (await publisher.get({ path: "/channels/presence-query/users" })).json();
    expect(users).toEqual({ users: [{ id: "query-user" }] });
  });

  it("refuses HTTP API calls with a bad signature, a stale timestamp or a wrong body_md5", async () => {
    await expect(
      pusherPublisher(server.context.config, port, { secret: "wrong-secret" }).trigger("lobby", "x", {}),
    ).rejects.toMatchObject({
      status: 401,
    });
    const { createHmac } = await import("node:crypto");
    const { config } = server.context;
    const body = JSON.stringify({ name: "x", channel: "lobby", data: "{}" });
    const send = async (timestamp: number, bodyMd5: string) => {
      const query = `auth_key=${config.pusher.key}&auth_timestamp=${timestamp}&auth_version=1.0&body_md5=${bodyMd5}`;
      const path = `/apps/${config.pusher.appId}/events`;
      const signature = createHmac("sha256", config.pusher.secret).update(`POST\n${path}\n${query}`).digest("hex");
      return fetch(`${server.url}${path}?${query}&auth_signature=${signature}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
      });
    };
    const { createHash } = await import("node:crypto");
    const goodMd5 = createHash("md5").update(body).digest("hex");
    const now = Math.floor(Date.now() / 1000);
    expect((await send(now, goodMd5)).status).toBe(200);
    expect((await send(now - 601, goodMd5)).status).toBe(401);
    expect((await send(now, "0".repeat(32))).status).toBe(401);
  });

  it("refuses client messages over 10 KB and closes on frames over 64 KB with 1009", async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/app/velvet-key?protocol=7`);
    const frames: Array<{ event: string; data: string }> = [];
    socket.on("message", (raw) => frames.push(JSON.parse(raw.toString())));
    const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
    await waitFor(() => frames[0]);
    socket.send(JSON.stringify({ event: "client-big", channel: "private-x", data: "x".repeat(11 * 1024) }));
    const error = await waitFor(() => frames.find((frame) => frame.event === "pusher:error"));
    expect(JSON.parse(error.data).code).toBe(4300);
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.send("x".repeat(70 * 1024));
    expect(await closed).toBe(1009);
  });
});
