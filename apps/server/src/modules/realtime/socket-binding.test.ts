import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../platform/db/schema/members";
import { jsonRequest, signedInMember } from "../../test/factories";
import { openSocket } from "../../test/realtime-clients";
import { startTestServer, type TestServer } from "../../test/support";

type Socket = Awaited<ReturnType<typeof openSocket>>;

/** The status a request answers once the server has seen a socket close (it learns of it a moment after the client). */
async function statusSettlingOn(expected: number, send: () => Promise<Response>): Promise<number> {
  const deadline = Date.now() + 2_000;
  for (;;) {
    const { status } = await send();
    if (status === expected || Date.now() > deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("/api/broadcasting/auth signs only live sockets, each for one member in good standing", () => {
  let server: TestServer;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((socket) => socket.close()));
  });
  afterAll(() => server.stop());

  const open = async (on: TestServer = server) => {
    const socket = await openSocket(on);
    sockets.push(socket);
    return socket;
  };
  const authorize = (
    auth: Record<string, string>,
    socketId: string,
    channel: string,
    path = "/api/broadcasting/auth",
  ) => server.request(path, jsonRequest("POST", { socket_id: socketId, channel_name: channel }, auth));
  const ownChannel = (member: { uuid: string }) => `private-notifications.user.${member.uuid}`;

  it("refuses a socket id no process has open, and one that has closed", async () => {
    const member = await signedInMember(server);
    for (const path of ["/api/broadcasting/auth", "/api/pusher/auth"]) {
      expect((await authorize(member.auth, "123.456", ownChannel(member), path)).status).toBe(403);
    }
    expect(
      (await server.request("/api/pusher/user-auth", jsonRequest("POST", { socket_id: "123.456" }, member.auth)))
        .status,
    ).toBe(403);

    const socket = await openSocket(server);
    expect((await authorize(member.auth, socket.socketId, ownChannel(member))).status).toBe(200);
    await socket.close();
    expect(await statusSettlingOn(403, () => authorize(member.auth, socket.socketId, ownChannel(member)))).toBe(403);
  });

  it("binds a socket to the first member it is authorized for and refuses it to anyone else", async () => {
    const first = await signedInMember(server);
    const second = await signedInMember(server);
    const { socketId } = await open();
    expect((await authorize(first.auth, socketId, ownChannel(first))).status).toBe(200);
    expect((await authorize(second.auth, socketId, ownChannel(second))).status).toBe(403);
    expect((await authorize(second.auth, socketId, ownChannel(second), "/api/pusher/auth")).status).toBe(403);
    expect(
      (await server.request("/api/pusher/user-auth", jsonRequest("POST", { socket_id: socketId }, second.auth))).status,
    ).toBe(403);
    // The holder keeps using it.
    expect((await authorize(first.auth, socketId, `private-credits.user.${first.uuid}`)).status).toBe(200);
    // Another socket is the other member's to take.
    expect((await authorize(second.auth, (await open()).socketId, ownChannel(second))).status).toBe(200);
  });

  it("refuses the socket of a deactivated or a suspended member", async () => {
    const { db } = server.context.database;
    for (const state of [{ deactivatedAt: new Date() }, { suspendedAt: new Date(), suspendedReason: "spam" }]) {
      const member = await signedInMember(server);
      const { socketId } = await open();
      await db.update(users).set(state).where(eq(users.id, member.id));
      expect((await authorize(member.auth, socketId, ownChannel(member))).status, Object.keys(state)[0]).toBe(403);
      expect(
        (await server.request("/api/pusher/user-auth", jsonRequest("POST", { socket_id: socketId }, member.auth)))
          .status,
      ).toBe(403);
    }
  });

  it("answers 403, never 500, to malformed channel names", async () => {
    const member = await signedInMember(server);
    const { socketId } = await open();
    for (const channel of [
      `private-conversation.${"-".repeat(36)}`,
      `private-conversation.${"a".repeat(36)}`,
      `private-notifications.user.${"-".repeat(36)}`,
      "",
      "private-",
      `private-${"x".repeat(300)}`,
      "private-white space",
      "private-conversation.ünïcode",
      "presence-\u0000",
    ]) {
      const answer = await authorize(member.auth, socketId, channel);
      expect(answer.status, JSON.stringify(channel)).toBe(403);
    }
  });
});

/** Two servers joined by one Redis: run whenever REDIS_URL is set (CI's second pass). */
describe.runIf(process.env.REDIS_URL)("live sockets across processes", () => {
  let first: TestServer;
  let second: TestServer;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    const shared = {
      REDIS_URL: process.env.REDIS_URL ?? "",
      REDIS_KEY_PREFIX: `velvet-sockets-${randomBytes(4).toString("hex")}:`,
    };
    [first, second] = await Promise.all([startTestServer(shared), startTestServer(shared)]);
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((socket) => socket.close()));
  });
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
  });

  it("signs a socket open on another process, binds it there too, and refuses it once closed", async () => {
    const member = await signedInMember(second);
    const other = await signedInMember(second);
    const socket = await openSocket(first);
    const authorize = (auth: Record<string, string>, uuid: string) =>
      second.request(
        "/api/broadcasting/auth",
        jsonRequest("POST", { socket_id: socket.socketId, channel_name: `private-notifications.user.${uuid}` }, auth),
      );
    expect((await authorize(member.auth, member.uuid)).status).toBe(200);
    expect((await authorize(other.auth, other.uuid)).status).toBe(403);
    await socket.close();
    expect(await statusSettlingOn(403, () => authorize(member.auth, member.uuid))).toBe(403);
  });
});
