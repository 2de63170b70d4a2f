import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditLedger } from "../../platform/db/schema/credits";
import { users } from "../../platform/db/schema/members";
import { notifications } from "../../platform/db/schema/notifications";
import { realtimeOutbox } from "../../platform/db/schema/realtime";
import {
  createMember,
  giveCredits,
  jsonRequest,
  type MemberFactoryOptions,
  reloadUser,
  signedInMember,
} from "../../test/factories";
import { openSocket } from "../../test/realtime-clients";
import { startTestServer, type TestServer } from "../../test/support";
import { findLedgerMismatches } from "../ledger";

describe("conversations and messages", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const member = (options: MemberFactoryOptions = {}) => signedInMember(server, options);
  const text = (value: string, clientId: string = randomUUID()) => ({ type: "text", text: value, client_id: clientId });
  const toProfile = (from: { auth: Record<string, string> }, to: { uuid: string }, body: unknown) =>
    server.request(`/api/profiles/${to.uuid}/messages`, jsonRequest("POST", body, from.auth));
  const toConversation = (from: { auth: Record<string, string> }, uuid: string, body: unknown) =>
    server.request(`/api/user-conversations/${uuid}/messages`, jsonRequest("POST", body, from.auth));
  const get = async (who: { auth: Record<string, string> }, path: string) => {
    const response = await server.request(path, { headers: who.auth });
    return { status: response.status, body: await response.json() };
  };

  it("starts a conversation from a profile, charges the text price and shows it to both members", async () => {
    const a = await member();
    const b = await member();
    await giveCredits(server, a, 5);
    const sent = await toProfile(a, b, text("Hello there"));
    expect(sent.status).toBe(201);
    const message = (await sent.json()).data;
    expect(message).toMatchObject({
      type: "text",
      text: "Hello there",
      from_id: a.id,
      to_id: b.id,
      viewer_id: a.id,
      read_at: null,
      from: { uuid: a.uuid, username: a.username },
      image: null,
      sender: { credits: 4, has_unli_message: false },
    });
    expect((await reloadUser(server, a.id))?.credits).toBe(4);

    const listOfB = await get(b, "/api/user-conversations");
    expect(listOfB.status).toBe(200);
    expect(listOfB.body.meta).toEqual({
      current_page: 1,
      last_page: 1,
      per_page: 10,
      total: 1,
      starred_conversations: 0,
    });
    const [conversation] = listOfB.body.data;
    expect(conversation).toMatchObject({
      uuid: message.conversation,
      initiator_id: a.id,
      recipient_id: b.id,
      viewer_id: b.id,
      chatmate: { uuid: a.uuid, username: a.username, primary_photo: { url: "/avatars/default-male.svg" } },
      star: false,
      is_unread: true,
      unread_count: 1,
      last_message: { id: message.id, text: "Hello there", viewer_id: b.id, from: { uuid: a.uuid } },
    });
    // The partner of the initiator is the recipient.
    const listOfA = await get(a, "/api/user-conversations");
    expect(listOfA.body.data[0].chatmate.uuid).toBe(b.uuid);
    expect(listOfA.body.data[0].is_unread).toBe(false);

    const meB = await (await server.request("/api/me", { method: "POST", headers: b.auth })).json();
    expect(meB.data).toMatchObject({ unread_messages_count: 1, received_messages_count: 1 });

    const notification = await server.context.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, b.id));
    expect(notification.map((row) => row.data)).toEqual([
      expect.objectContaining({
        action_type: "MESSAGE_RECEIVED",
        from_user_uuid: a.uuid,
        message: {
          type: "text",
          text: "Hello there",
          from: { username: a.username, uuid: a.uuid },
          conversation: { uuid: message.conversation },
        },
      }),
    ]);
    const events = await server.context.database.db.select().from(realtimeOutbox);
    expect(events.map((row) => `${row.channel} ${row.event}`)).toEqual(
      expect.arrayContaining([
        `private-conversation.${message.conversation} message.created`,
        `private-notifications.user.${b.uuid} NEW_NOTIFICATION`,
        `private-notifications.user.${b.uuid} UnreadMessagesCount`,
      ]),
    );
  });

  it("answers 402 with credits_needed and writes nothing when the balance does not cover the price", async () => {
    const a = await member();
    const b = await member();
    const response = await toProfile(a, b, text("Hi"));
    expect(response.status).toBe(402);
    expect(await response.json()).toEqual({ message: "Not enough credits", credits_needed: 1 });
    expect((await get(b, "/api/user-conversations")).body.data).toEqual([]);
    expect((await get(a, "/api/user-conversations")).body.data).toEqual([]);
    const ledger = await server.context.database.db.select().from(creditLedger).where(eq(creditLedger.userId, a.id));
    expect(ledger).toEqual([]);
  });

  it("is idempotent on client_id: a retry returns the first message and charges once", async () => {
    const a = await member();
    const b = await member();
    await giveCredits(server, a, 3);
    const clientId = randomUUID();
    const first = await (await toProfile(a, b, text("Once", clientId))).json();
    const again = await toProfile(a, b, text("Once", clientId));
    expect(again.status).toBe(201);
    const second = await again.json();
    expect(second.data.id).toBe(first.data.id);
    expect(second.data.sender.credits).toBe(2);
    const history = await get(a, `/api/user-conversations/${first.data.conversation}/messages`);
    expect(history.body.data).toHaveLength(1);
  });

  it("prices image messages from the price list and serves their image only through signed URLs", async () => {
    const a = await member();
    const b = await member();
    await giveCredits(server, a, 2);
    const prices = await (await server.request("/api/credit-prices")).json();
    expect(prices.data).toEqual(
      expect.arrayContaining([
        { type: "text", credits: 1 },
        { type: "image", credits: 2 },
        { type: "wink", credits: 0 },
        { type: "like", credits: 0 },
      ]),
    );
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c04" } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "secret-camera" } } })
      .toBuffer();
    const form = new FormData();
    form.append("photo", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "x.jpg");
    const upload = await server.request("/api/message-images", { method: "POST", body: form, headers: a.auth });
    expect(upload.status).toBe(201);
    const image = (await upload.json()).data;
    const sent = await toProfile(a, b, { type: "image", photo: image.uuid, client_id: randomUUID() });
    expect(sent.status).toBe(201);
    const message = (await sent.json()).data;
    expect(message).toMatchObject({ type: "image", image: { width: 64, height: 48 }, sender: { credits: 0 } });
    expect(message.image.url).toMatch(/^\/media-private\/private\/messages\/[0-9a-f-]{36}-large\.webp\?expires=/);
    const file = await server.request(message.image.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    const metadata = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect(metadata.format).toBe("webp");
    expect(metadata.exif).toBeUndefined();
    // Without the signature the file does not exist.
    expect((await server.request(message.image.url.split("?")[0])).status).toBe(404);

    // An image can be sent once, and only by its uploader.
    await giveCredits(server, b, 4);
    const stolen = await toConversation(b, message.conversation, {
      type: "image",
      photo: image.uuid,
      client_id: randomUUID(),
    });
    expect(stolen.status).toBe(422);
    expect((await stolen.json()).errors.photo).toEqual(["This image cannot be sent."]);
  });

  it("refuses a message image from a member whose email is not confirmed, with 403 and the message", async () => {
    const unverified = await member({ verified: false });
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c04" } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append("photo", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "x.jpg");
    const upload = await server.request("/api/message-images", {
      method: "POST",
      body: form,
      headers: unverified.auth,
    });
    expect(upload.status).toBe(403);
    expect(await upload.json()).toEqual({
      message: "Please confirm your email address first: follow the link in the email we sent you.",
    });
  });

  it("validates the body with field errors in English", async () => {
    const a = await member();
    const b = await member();
    const response = await toProfile(a, b, { type: "text", text: "x".repeat(2001), client_id: "nope" });
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.errors.text[0]).toMatch(/may not be greater than 2000 characters/);
    expect(body.errors.client_id[0]).toMatch(/valid UUID/);
    const empty = await toProfile(a, b, { type: "text", text: "   ", client_id: randomUUID() });
    expect((await empty.json()).errors.text).toEqual(["The text field is required"]);
    const image = await toProfile(a, b, { type: "image", client_id: randomUUID() });
    expect((await image.json()).errors.photo).toEqual(["The photo field is required"]);
  });

  it("lets a pass holder send text and winks free until the pass ends, then charges", async () => {
    const a = await member();
    const b = await member();
    await giveCredits(server, a, 1);
    const { db } = server.context.database;
    await db
      .update(users)
      .set({ unlimitedUntil: new Date(Date.now() + 3600_000) })
      .where(eq(users.id, a.id));
    const me = await (await server.request("/api/me", { method: "POST", headers: a.auth })).json();
    expect(me.data.has_unli_message).toBe(true);
    for (let index = 0; index < 3; index++) expect((await toProfile(a, b, text(`free ${index}`))).status).toBe(201);
    expect((await reloadUser(server, a.id))?.credits).toBe(1);

    await db
      .update(users)
      .set({ unlimitedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, a.id));
    const paid = await (await toProfile(a, b, text("paid"))).json();
    expect(paid.data.sender).toEqual({ credits: 0, has_unli_message: false });
    expect((await toProfile(a, b, text("too much"))).status).toBe(402);
  });

  it("never lets a member list, read, mark, star, hide or write into someone else's conversation (404)", async () => {
    const a = await member();
    const b = await member();
    const outsider = await member();
    await giveCredits(server, a, 2);
    await giveCredits(server, outsider, 2);
    const message = (await (await toProfile(a, b, text("private"))).json()).data;
    const uuid = message.conversation;
    expect((await get(outsider, "/api/user-conversations")).body.data).toEqual([]);
    expect((await get(outsider, `/api/user-conversations/${uuid}`)).status).toBe(404);
    expect((await get(outsider, `/api/user-conversations/${uuid}/messages`)).status).toBe(404);
    const attempts = [
      server.request(
        `/api/user-conversations/${uuid}/read`,
        jsonRequest("POST", { up_to_id: message.id }, outsider.auth),
      ),
      server.request(`/api/user-conversations/${uuid}/star`, { method: "PUT", headers: outsider.auth }),
      server.request(`/api/user-conversations/${uuid}/star`, { method: "DELETE", headers: outsider.auth }),
      server.request(`/api/user-conversations/${uuid}`, { method: "DELETE", headers: outsider.auth }),
      toConversation(outsider, uuid, text("let me in")),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(404);
    expect((await reloadUser(server, outsider.id))?.credits).toBe(2);
    // The real-time channel is refused too (each asks for a connection of their own that is open).
    const [outsiderSocket, ownSocket] = await Promise.all([openSocket(server), openSocket(server)]);
    const auth = await server.request(
      "/api/broadcasting/auth",
      jsonRequest(
        "POST",
        { socket_id: outsiderSocket.socketId, channel_name: `private-conversation.${uuid}` },
        outsider.auth,
      ),
    );
    expect(auth.status).toBe(403);
    const own = await server.request(
      "/api/broadcasting/auth",
      jsonRequest("POST", { socket_id: ownSocket.socketId, channel_name: `private-conversation.${uuid}` }, b.auth),
    );
    expect(own.status).toBe(200);
    await Promise.all([outsiderSocket.close(), ownSocket.close()]);
    expect((await get({ auth: {} }, "/api/user-conversations")).status).toBe(401);
  });

  it("marks read up to an id, updates the unread count and tells the sender", async () => {
    const a = await member();
    const b = await member();
    await giveCredits(server, a, 3);
    const first = (await (await toProfile(a, b, text("one"))).json()).data;
    const second = (await (await toProfile(a, b, text("two"))).json()).data;
    await toProfile(a, b, text("three"));
    const read = await server.request(
      `/api/user-conversations/${first.conversation}/read`,
      jsonRequest("POST", { up_to_id: second.id }, b.auth),
    );
    expect(await read.json()).toEqual({ data: { up_to_id: second.id } });
    const conversation = (await get(b, `/api/user-conversations/${first.conversation}`)).body.data;
    expect(conversation).toMatchObject({ unread_count: 1, is_unread: true });
    const history = (await get(b, `/api/user-conversations/${first.conversation}/messages`)).body.data;
    expect(
      history.map((message: { text: string; read_at: string | null }) => [message.text, message.read_at !== null]),
    ).toEqual([
      ["three", false],
      ["two", true],
      ["one", true],
    ]);
    const me = await (await server.request("/api/me", { method: "POST", headers: b.auth })).json();
    expect(me.data.unread_messages_count).toBe(1);
    // The sender marking does nothing to messages they sent.
    const bySender = await server.request(
      `/api/user-conversations/${first.conversation}/read`,
      jsonRequest("POST", { up_to_id: second.id + 10 }, a.auth),
    );
    expect(await bySender.json()).toEqual({ data: { up_to_id: null } });
    const reads = await server.context.database.db
      .select()
      .from(realtimeOutbox)
      .where(eq(realtimeOutbox.channel, `private-conversation.${first.conversation}`));
    expect(reads.filter((row) => row.event === "message.read").map((row) => row.payload)).toEqual([
      expect.objectContaining({ up_to_message_id: second.id, reader_uuid: b.uuid }),
    ]);
  });

  it("lists starred conversations first on page 1, pages the rest by 10, and filters", async () => {
    const viewer = await member();
    await giveCredits(server, viewer, 30);
    const partners = [];
    for (let index = 0; index < 13; index++) {
      const partner = await member({ username: `${index < 2 ? "star" : "pal"}${index}x${randomUUID().slice(0, 6)}` });
      partners.push(partner);
      await toProfile(viewer, partner, text(`hello ${index}`));
    }
    const conversationOf = async (partner: { auth: Record<string, string> }) =>
      (await get(partner, "/api/user-conversations")).body.data[0].uuid as string;
    for (const partner of partners.slice(0, 2)) {
      const uuid = await conversationOf(partner);
      expect(
        (await server.request(`/api/user-conversations/${uuid}/star`, { method: "PUT", headers: viewer.auth })).status,
      ).toBe(200);
    }
    const page1 = (await get(viewer, "/api/user-conversations?page=1")).body;
    expect(page1.meta).toMatchObject({ current_page: 1, last_page: 2, total: 11, starred_conversations: 2 });
    expect(page1.data).toHaveLength(12);
    expect(page1.data.slice(0, 2).every((item: { star: boolean }) => item.star)).toBe(true);
    const order = page1.data.slice(2).map((item: { updated_at: string }) => item.updated_at);
    expect(order).toEqual([...order].sort().reverse());
    const page2 = (await get(viewer, "/api/user-conversations?page=2")).body;
    expect(page2.data).toHaveLength(1);
    expect(page2.data[0].star).toBe(false);
    const seen = new Set([...page1.data, ...page2.data].map((item: { uuid: string }) => item.uuid));
    expect(seen.size).toBe(13);

    const byName = (await get(viewer, `/api/user-conversations?username=${partners[5]?.username}`)).body;
    expect(byName.data.map((item: { chatmate: { uuid: string } }) => item.chatmate.uuid)).toEqual([partners[5]?.uuid]);
    const starPrefix = (await get(viewer, "/api/user-conversations?username=STAR")).body;
    expect(starPrefix.meta).toMatchObject({ total: 0, starred_conversations: 2 });

    // Partner 3 answers: unread for the viewer.
    await giveCredits(server, partners[3] as { id: number; uuid: string }, 1);
    await toConversation(
      partners[3] as { auth: Record<string, string> },
      await conversationOf(partners[3] as { auth: Record<string, string> }),
      text("hey back"),
    );
    const unread = (await get(viewer, "/api/user-conversations?only_unread=1")).body;
    expect(unread.data.map((item: { chatmate: { uuid: string } }) => item.chatmate.uuid)).toEqual([partners[3]?.uuid]);
    const read = (await get(viewer, "/api/user-conversations?only_read=true")).body;
    expect(read.meta.total + read.meta.starred_conversations).toBe(12);

    const unstar = await server.request(
      `/api/user-conversations/${await conversationOf(partners[0] as { auth: Record<string, string> })}/star`,
      {
        method: "DELETE",
        headers: viewer.auth,
      },
    );
    expect(await unstar.json()).toEqual({ data: { star: false } });
  });

  it("deletes a conversation for one member only; a new message brings it back with only what came after", async () => {
    const a = await member();
    const b = await member();
    await giveCredits(server, a, 5);
    const first = (await (await toProfile(a, b, text("before"))).json()).data;
    const uuid = first.conversation;
    expect(
      (await server.request(`/api/user-conversations/${uuid}`, { method: "DELETE", headers: b.auth })).status,
    ).toBe(200);
    expect((await get(b, "/api/user-conversations")).body.data).toEqual([]);
    expect((await get(b, `/api/user-conversations/${uuid}/messages`)).body.data).toEqual([]);
    expect((await get(a, `/api/user-conversations/${uuid}/messages`)).body.data).toHaveLength(1);
    const me = await (await server.request("/api/me", { method: "POST", headers: b.auth })).json();
    expect(me.data.unread_messages_count).toBe(0);

    await toConversation(a, uuid, text("after"));
    const history = (await get(b, `/api/user-conversations/${uuid}/messages`)).body.data;
    expect(history.map((message: { text: string }) => message.text)).toEqual(["after"]);
    expect((await get(b, "/api/user-conversations")).body.data).toHaveLength(1);
  });

  it("pages history by id in both directions, each message exactly once while new ones arrive", async () => {
    const a = await member();
    const b = await member();
    await giveCredits(server, a, 40);
    const opener = (await (await toProfile(a, b, text("m0"))).json()).data;
    const uuid = opener.conversation;
    for (let index = 1; index < 25; index++) await toConversation(a, uuid, text(`m${index}`));
    const seen: number[] = [];
    let before: number | undefined;
    let sentMeanwhile = 25;
    for (;;) {
      const query = before ? `?before=${before}&limit=7` : "?limit=7";
      const page = (await get(b, `/api/user-conversations/${uuid}/messages${query}`)).body;
      seen.push(...page.data.map((message: { id: number }) => message.id));
      // New messages keep arriving while the older pages are read.
      await toConversation(a, uuid, text(`m${sentMeanwhile++}`));
      if (!page.meta.has_more) break;
      before = page.data.at(-1).id;
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    expect(seen).toEqual([...seen].sort((x, y) => y - x));

    // Catching up after a reconnect: everything after the newest seen, oldest first, exactly once.
    const newestSeen = Math.max(...seen);
    const caughtUp: number[] = [];
    let after = newestSeen;
    for (;;) {
      const page = (await get(b, `/api/user-conversations/${uuid}/messages?after=${after}&limit=2`)).body;
      caughtUp.push(...page.data.map((message: { id: number }) => message.id));
      if (!page.meta.has_more) break;
      after = page.data.at(-1).id;
    }
    expect(caughtUp).toHaveLength(sentMeanwhile - 25);
    expect(caughtUp).toEqual([...caughtUp].sort((x, y) => x - y));
    expect(caughtUp[0]).toBeGreaterThan(newestSeen);
  });

  it("puts likes and winks into the conversation as free messages with only their own notification", async () => {
    const a = await member();
    const b = await member();
    expect((await server.request(`/api/profiles/${b.uuid}/like`, { method: "POST", headers: a.auth })).status).toBe(
      200,
    );
    expect((await server.request(`/api/profiles/${b.uuid}/wink`, { method: "POST", headers: a.auth })).status).toBe(
      200,
    );
    // Repeats change nothing.
    await server.request(`/api/profiles/${b.uuid}/wink`, { method: "POST", headers: a.auth });
    const [conversation] = (await get(b, "/api/user-conversations")).body.data;
    const history = (await get(b, `/api/user-conversations/${conversation.uuid}/messages`)).body.data;
    expect(history.map((message: { type: string }) => message.type)).toEqual(["wink", "like"]);
    const kinds = (
      await server.context.database.db.select().from(notifications).where(eq(notifications.userId, b.id))
    ).map((row) => row.actionType);
    expect(kinds.sort()).toEqual(["PROFILE_WINK", "USER_LIKE"]);
    expect((await reloadUser(server, a.id))?.credits).toBe(0);

    // A wink from the chat is another free message; only the first wink ever notified.
    const wink = await toConversation(b, conversation.uuid, { type: "wink", client_id: randomUUID() });
    expect(wink.status).toBe(201);
    const winkBack = await server.context.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, a.id));
    expect(winkBack.map((row) => row.actionType)).toEqual(["PROFILE_WINK"]);
    expect((await reloadUser(server, a.id))?.receivedWinksCount).toBe(1);
  });

  it("refuses messaging across a block, and to or from accounts that may not send", async () => {
    const a = await member();
    const b = await member();
    await giveCredits(server, a, 5);
    await giveCredits(server, b, 5);
    const uuid = (await (await toProfile(a, b, text("hi"))).json()).data.conversation;
    await server.request(`/api/profiles/${a.uuid}/block`, { method: "POST", headers: b.auth });
    expect((await toProfile(a, b, text("again"))).status).toBe(404);
    const blocked = await toConversation(a, uuid, text("again"));
    expect(blocked.status).toBe(403);
    expect((await blocked.json()).message).toBe("You cannot send messages to this member.");
    expect((await toConversation(b, uuid, text("and back"))).status).toBe(403);
    expect((await get(a, "/api/user-conversations")).body.data).toEqual([]);
    expect((await get(b, "/api/user-conversations")).body.data).toEqual([]);
    expect((await reloadUser(server, a.id))?.credits).toBe(4);

    const unverified = await member({ verified: false });
    await giveCredits(server, unverified, 5);
    const refused = await toProfile(unverified, b, text("hi"));
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe("Please verify your email address.");

    const deactivated = await member();
    await giveCredits(server, deactivated, 5);
    await server.context.database.db
      .update(users)
      .set({ deactivatedAt: new Date() })
      .where(eq(users.id, deactivated.id));
    expect((await toProfile(deactivated, a, text("hi"))).status).toBe(403);
    expect((await get(deactivated, "/api/user-conversations")).status).toBe(403);
  });

  it("gives the welcome bonus once, through the ledger, when the email is verified", async () => {
    const { verifyEmail } = await import("../auth");
    const { createEmailToken } = await import("../auth");
    const fresh = await createMember(server, { verified: false });
    const token = await server.context.database.db.transaction((tx) =>
      createEmailToken(tx, fresh.id, "verify_email", fresh.email ?? ""),
    );
    await verifyEmail(server.context, token);
    await verifyEmail(server.context, token);
    expect((await reloadUser(server, fresh.id))?.credits).toBe(10);
    const rows = await server.context.database.db.select().from(creditLedger).where(eq(creditLedger.userId, fresh.id));
    expect(rows.map((row) => [row.amount, row.reason, row.balanceAfter])).toEqual([[10, "welcome_bonus", 10]]);
    expect(await findLedgerMismatches(server.context.database.db)).toEqual([]);
  });
});
