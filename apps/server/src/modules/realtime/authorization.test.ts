import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createMember, signIn } from "../../test/factories";
import { openSocket } from "../../test/realtime-clients";
import { startTestServer, type TestServer } from "../../test/support";
import { channelAuth, userAuth } from "./signatures";

describe("real-time authorization endpoints", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PUSHER_ENCRYPTION_MASTER_KEY: Buffer.alloc(32, 1).toString("base64") });
  });
  afterAll(() => server.stop());
  const sockets: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((socket) => socket.close()));
  });
  /** The id of a connection open right now (the only kind the endpoints sign). */
  const liveSocketId = async () => {
    const socket = await openSocket(server);
    sockets.push(socket);
    return socket.socketId;
  };

  const form = (fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit => ({
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });

  it("signs the member's own channels, form-encoded as pusher-js sends them, without a site key", async () => {
    const member = await createMember(server);
    const session = await signIn(server, member.email ?? "", member.password);
    const socketId = await liveSocketId();
    for (const kind of ["notifications", "credits", "duration"]) {
      const channel = `private-${kind}.user.${member.uuid}`;
      for (const path of ["/api/broadcasting/auth", "/api/pusher/auth"]) {
        const response = await server.request(path, {
          ...form({ socket_id: socketId, channel_name: channel }, session.authorization),
          siteKey: null,
        });
        expect(response.status).toBe(200);
        const { config } = server.context;
        expect(await response.json()).toEqual({
          auth: channelAuth(config.pusher.key, config.pusher.secret, socketId, channel),
        });
      }
    }
  });

  it("accepts JSON too", async () => {
    const member = await createMember(server);
    const session = await signIn(server, member.email ?? "", member.password);
    const response = await server.request("/api/broadcasting/auth", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...session.authorization },
      body: JSON.stringify({ socket_id: await liveSocketId(), channel_name: `private-credits.user.${member.uuid}` }),
    });
    expect(response.status).toBe(200);
  });

  it("refuses another member's channels, public channels and unknown channels with 403", async () => {
    const member = await createMember(server);
    const other = await createMember(server);
    const session = await signIn(server, member.email ?? "", member.password);
    const socketId = await liveSocketId();
    for (const channel of [
      `private-notifications.user.${other.uuid}`,
      `private-credits.user.${other.uuid}`,
      "lobby",
      "private-anything",
      "presence-party",
      `#server-to-user-${member.uuid}`,
    ]) {
      const response = await server.request(
        "/api/broadcasting/auth",
        form({ socket_id: socketId, channel_name: channel }, session.authorization),
      );
      expect(response.status, channel).toBe(403);
    }
  });

  it("answers 401 without a token and 422 for a malformed socket id", async () => {
    const member = await createMember(server);
    const channel = `private-notifications.user.${member.uuid}`;
    expect(
      (await server.request("/api/broadcasting/auth", form({ socket_id: "1.2", channel_name: channel }))).status,
    ).toBe(401);
    const session = await signIn(server, member.email ?? "", member.password);
    const malformed = await server.request(
      "/api/broadcasting/auth",
      form({ socket_id: "abc", channel_name: channel }, session.authorization),
    );
    expect(malformed.status).toBe(422);
  });

  it("signs the connection in as the member for user authentication", async () => {
    const member = await createMember(server);
    const session = await signIn(server, member.email ?? "", member.password);
    const socketId = await liveSocketId();
    const response = await server.request(
      "/api/pusher/user-auth",
      form({ socket_id: socketId }, session.authorization),
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(JSON.parse(body.user_data)).toEqual({ id: member.uuid, user_info: { username: member.username } });
    const { config } = server.context;
    expect(body.auth).toBe(userAuth(config.pusher.key, config.pusher.secret, socketId, body.user_data));
  });
});
