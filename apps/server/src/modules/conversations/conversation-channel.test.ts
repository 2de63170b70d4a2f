import { realtimeChannels } from "@velvet/shared/realtime/events";
import { eq } from "drizzle-orm";
import type Pusher from "pusher-js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../platform/db/schema/members";
import { jsonRequest, signedInMember } from "../../test/factories";
import { memberPusherClient, openSocket, subscribed, waitFor } from "../../test/realtime-clients";
import { startTestServer, type TestServer } from "../../test/support";
import { openConversation } from "./message-writer";

type Member = Awaited<ReturnType<typeof signedInMember>>;

describe("private-conversation.{uuid}: closed across a block and to a partner who is gone", () => {
  let server: TestServer;
  const clients: Pusher[] = [];
  const sockets: Array<{ close(): Promise<void> }> = [];
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) client.disconnect();
    await Promise.all(sockets.splice(0).map((socket) => socket.close()));
  });
  afterAll(() => server.stop());

  async function conversationOf() {
    const first = await signedInMember(server);
    const second = await signedInMember(server);
    const { uuid } = await openConversation(server.context.database.db, first.id, second.id);
    return { first, second, channel: realtimeChannels.conversation(uuid) };
  }
  const block = (by: Member, target: Member) =>
    server.request(`/api/profiles/${target.uuid}/block`, { method: "POST", headers: by.auth });
  /** The statuses of both channel endpoints for the member on a socket open right now. */
  async function authorizing(member: Member, channel: string) {
    const socket = await openSocket(server);
    sockets.push(socket);
    const statuses = [];
    for (const path of ["/api/broadcasting/auth", "/api/pusher/auth"]) {
      const body = { socket_id: socket.socketId, channel_name: channel };
      statuses.push((await server.request(path, jsonRequest("POST", body, member.auth))).status);
    }
    return statuses;
  }
  async function listening(member: Member, channel: string) {
    const client = memberPusherClient(server, member.auth);
    clients.push(client);
    const subscription = await subscribed(client, channel);
    const heard: string[] = [];
    subscription.bind_global((event: string) => {
      if (!event.startsWith("pusher")) heard.push(event);
    });
    return { client, subscription, heard };
  }

  it("signs it for its two members", async () => {
    const { first, second, channel } = await conversationOf();
    expect(await authorizing(first, channel)).toEqual([200, 200]);
    expect(await authorizing(second, channel)).toEqual([200, 200]);
  });

  it("refuses it to both members once either has blocked the other", async () => {
    for (const blockerIsFirst of [true, false]) {
      const { first, second, channel } = await conversationOf();
      const [blocker, blocked] = blockerIsFirst ? [first, second] : [second, first];
      expect((await block(blocker, blocked)).status).toBe(200);
      expect(await authorizing(blocked, channel), "the blocked member").toEqual([403, 403]);
      expect(await authorizing(blocker, channel), "the blocker").toEqual([403, 403]);
    }
  });

  it("refuses it once the partner is suspended, deactivated or deleted", async () => {
    const { db } = server.context.database;
    for (const gone of [
      { suspendedAt: new Date(), suspendedReason: "spam" },
      { deactivatedAt: new Date() },
      { deletedAt: new Date() },
    ]) {
      const { first, second, channel } = await conversationOf();
      await db.update(users).set(gone).where(eq(users.id, second.id));
      expect(await authorizing(first, channel), Object.keys(gone)[0]).toEqual([403, 403]);
    }
  });

  it("takes the blocked member's socket off it at once: nothing reaches it, its typing no longer reaches the blocker", async () => {
    const { first: blocker, second: blocked, channel } = await conversationOf();
    const atBlocker = await listening(blocker, channel);
    const atBlocked = await listening(blocked, channel);
    const typingHeard: unknown[] = [];
    atBlocker.subscription.bind("client-typing", (data: unknown) => typingHeard.push(data));
    // Typing reaches the blocker before the block.
    atBlocked.subscription.trigger("client-typing", {});
    await waitFor(() => typingHeard[0], 3_000, "typing before the block");

    expect((await block(blocker, blocked)).status).toBe(200);
    await server.realtime.publish(channel, "after-block", "{}");
    await waitFor(() => atBlocker.heard.includes("after-block"), 3_000, "the blocker's copy");
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    atBlocked.subscription.trigger("client-typing", {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(atBlocked.heard).not.toContain("after-block");
    expect(typingHeard).toHaveLength(1);
  });

  it("does not let the blocked member's socket back in with the signature it already holds", async () => {
    const { first: blocker, second: blocked, channel } = await conversationOf();
    const socket = await openSocket(server);
    sockets.push(socket);
    const body = { socket_id: socket.socketId, channel_name: channel };
    const signed = await server.request("/api/broadcasting/auth", jsonRequest("POST", body, blocked.auth));
    const { auth } = (await signed.json()) as { auth: string };
    expect((await block(blocker, blocked)).status).toBe(200);
    expect(await socket.subscribe(channel, auth)).toBe("pusher:subscription_error");
  });
});
