import { randomUUID } from "node:crypto";
import { ZMessageSchema } from "@velvet/shared/api/conversations";
import { and, eq } from "drizzle-orm";
import Pusher from "pusher-js";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { messages } from "../../platform/db/schema/conversations";
import { creditLedger } from "../../platform/db/schema/credits";
import { interactions } from "../../platform/db/schema/interactions";
import { users } from "../../platform/db/schema/members";
import { triggerDeliveries, triggers } from "../../platform/db/schema/triggers";
import { createMember, giveCredits, jsonRequest, reloadUser, signedInMember, signIn } from "../../test/factories";
import { createFictionalProfile, memberWritesTo } from "../../test/operator-factories";
import { portOf, subscribed, waitFor } from "../../test/realtime-clients";
import { startTestServer, type TestServer } from "../../test/support";
import { TriggerJob } from "./trigger-job";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe("the trigger job", () => {
  let server: TestServer;
  const clients: Pusher[] = [];
  beforeAll(async () => {
    // The job's own timer is off: each test runs passes by hand at the moment it chooses.
    server = await startTestServer({ TRIGGER_INTERVAL_SECONDS: "0", TRIGGER_DAILY_LIMIT: "2" });
  });
  // Each test starts with no active trigger, so one test's triggers never write to another's members.
  beforeEach(async () => {
    await server.context.database.db.update(triggers).set({ active: false });
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
  });
  afterAll(() => server.stop());

  const db = () => server.context.database.db;

  async function createTrigger(values: Partial<typeof triggers.$inferInsert> = {}) {
    const [row] = await db()
      .insert(triggers)
      .values({ name: "Test trigger", event: "registered", delayMinutes: 5, text: "Hi {member}!", ...values })
      .returning();
    if (!row) throw new Error("trigger not created");
    return row;
  }

  /** A fictional profile online around the clock, so "random online profile" always has it to choose from. */
  async function alwaysOnlineProfile() {
    const profile = await createFictionalProfile(server);
    await db()
      .update(users)
      .set({ onlineHours: Array.from({ length: 24 }, (_, hour) => hour) })
      .where(eq(users.id, profile.id));
    return profile;
  }

  async function memberAt(values: Partial<typeof users.$inferInsert>) {
    const member = await createMember(server);
    await db().update(users).set(values).where(eq(users.id, member.id));
    return member;
  }

  async function triggerMessagesTo(memberId: number) {
    return db()
      .select()
      .from(messages)
      .where(and(eq(messages.toId, memberId), eq(messages.type, "trigger")))
      .orderBy(messages.id);
  }

  it("writes a registration trigger after its delay and not before, free, from the chosen profile", async () => {
    const profile = await createFictionalProfile(server);
    await createTrigger({ profileId: profile.id, text: "Hi {member}, {profile} here. Sunny in {city}?" });
    const registeredAt = new Date(Date.now() - MINUTE);
    const member = await memberAt({ createdAt: registeredAt, lastActiveAt: registeredAt });
    const job = new TriggerJob(server.context);

    await job.runOnce(new Date(registeredAt.getTime() + 4 * MINUTE));
    expect(await triggerMessagesTo(member.id)).toEqual([]);
    await job.runOnce(new Date(registeredAt.getTime() + 6 * MINUTE));
    await job.runOnce(new Date(registeredAt.getTime() + 7 * MINUTE));

    const sent = await triggerMessagesTo(member.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      fromId: profile.id,
      text: `Hi ${member.username}, ${profile.username} here. Sunny in Sydney?`,
      price: 0,
      operatorId: null,
    });
    expect((await reloadUser(server, member.id))?.credits).toBe(0);
    expect(await db().select().from(creditLedger).where(eq(creditLedger.userId, member.id))).toEqual([]);
  });

  it("writes to a member inactive for the trigger's delay, once per inactive spell, up to its limit", async () => {
    await alwaysOnlineProfile();
    await createTrigger({ event: "inactive", delayMinutes: 3 * 24 * 60, maxPerMember: 2, text: "Miss you {member}" });
    const start = new Date(Date.now() - 10 * DAY);
    const member = await memberAt({ createdAt: start, lastActiveAt: start });
    const job = new TriggerJob(server.context);

    await job.runOnce(new Date(start.getTime() + 2 * DAY));
    expect(await triggerMessagesTo(member.id)).toHaveLength(0);
    await job.runOnce(new Date(start.getTime() + 3 * DAY + MINUTE));
    await job.runOnce(new Date(start.getTime() + 3 * DAY + 2 * MINUTE));
    expect(await triggerMessagesTo(member.id)).toHaveLength(1);

    // They came back, then left again: a new spell, a second message.
    const back = new Date(start.getTime() + 4 * DAY);
    await db().update(users).set({ lastActiveAt: back }).where(eq(users.id, member.id));
    await job.runOnce(new Date(back.getTime() + 3 * DAY + MINUTE));
    expect(await triggerMessagesTo(member.id)).toHaveLength(2);

    // A third spell: the trigger's limit of two per member holds.
    const backAgain = new Date(back.getTime() + 4 * DAY);
    await db().update(users).set({ lastActiveAt: backAgain }).where(eq(users.id, member.id));
    await job.runOnce(new Date(backAgain.getTime() + 3 * DAY + MINUTE));
    expect(await triggerMessagesTo(member.id)).toHaveLength(2);
    expect((await triggerMessagesTo(member.id))[0]?.text).toBe(`Miss you ${member.username}`);
  });

  it("never reaches further back than a day: a new trigger does not write to members who left long ago", async () => {
    await alwaysOnlineProfile();
    await createTrigger({ event: "inactive", delayMinutes: 60 });
    const longGone = await memberAt({ lastActiveAt: new Date(Date.now() - 30 * DAY) });
    await new TriggerJob(server.context).runOnce();
    expect(await triggerMessagesTo(longGone.id)).toEqual([]);
  });

  it("holds the daily cap over all triggers together", async () => {
    const profile = await alwaysOnlineProfile();
    for (const delayMinutes of [5, 6, 7]) await createTrigger({ delayMinutes, profileId: profile.id });
    const registeredAt = new Date(Date.now() - MINUTE);
    const member = await memberAt({ createdAt: registeredAt, lastActiveAt: registeredAt });
    const job = new TriggerJob(server.context);
    await job.runOnce(new Date(registeredAt.getTime() + 10 * MINUTE));
    await job.runOnce(new Date(registeredAt.getTime() + 11 * MINUTE));
    // TRIGGER_DAILY_LIMIT=2 on this server.
    expect(await triggerMessagesTo(member.id)).toHaveLength(2);
  });

  it("skips members who blocked the profile or were blocked, deactivated or deleted ones, staff and fictional profiles", async () => {
    const profile = await createFictionalProfile(server);
    await createTrigger({ profileId: profile.id });
    const registeredAt = new Date(Date.now() - 10 * MINUTE);
    const at = { createdAt: registeredAt, lastActiveAt: registeredAt };
    const reached = await memberAt(at);
    const blocker = await memberAt(at);
    const blocked = await memberAt(at);
    await db()
      .insert(interactions)
      .values([
        { kind: "block", fromUserId: blocker.id, toUserId: profile.id },
        { kind: "block", fromUserId: profile.id, toUserId: blocked.id },
      ]);
    const deactivated = await memberAt({ ...at, deactivatedAt: new Date() });
    const deleted = await memberAt({ ...at, deletedAt: new Date() });
    const operator = await memberAt({ ...at, roles: ["member", "operator"] });
    const admin = await memberAt({ ...at, roles: ["admin"] });
    const fictional = await memberAt({ ...at, isFictional: true });

    await new TriggerJob(server.context).runOnce();
    expect(await triggerMessagesTo(reached.id)).toHaveLength(1);
    for (const skipped of [blocker, blocked, deactivated, deleted, operator, admin, fictional]) {
      expect(await triggerMessagesTo(skipped.id)).toEqual([]);
    }
  });

  it("sends exactly once, and within the daily cap, when two processes run a pass at the same moment", async () => {
    const profile = await alwaysOnlineProfile();
    // Three triggers due at once against TRIGGER_DAILY_LIMIT=2: the unique occurrence, the member's row lock and
    // the claim's re-check together keep both processes to one message per trigger and two per member.
    const due = [
      await createTrigger({ profileId: profile.id }),
      await createTrigger({ delayMinutes: 6 }),
      await createTrigger({ delayMinutes: 7, profileId: profile.id }),
    ];
    const registeredAt = new Date(Date.now() - 10 * MINUTE);
    const members = await Promise.all(
      Array.from({ length: 8 }, () => memberAt({ createdAt: registeredAt, lastActiveAt: registeredAt })),
    );
    const now = new Date();
    const [first, second] = await Promise.all([
      new TriggerJob(server.context).runOnce(now),
      new TriggerJob(server.context).runOnce(now),
    ]);
    // A member one process had locked was skipped by the other; a later pass picks them up.
    const third = await new TriggerJob(server.context).runOnce(now);
    // Members of earlier tests may be due too: the exact counts are checked per member below.
    expect(first + second + third).toBeGreaterThanOrEqual(members.length * 2);
    for (const member of members) {
      const deliveries = await db()
        .select({ triggerId: triggerDeliveries.triggerId })
        .from(triggerDeliveries)
        .where(eq(triggerDeliveries.memberId, member.id));
      expect(deliveries).toHaveLength(2);
      expect(new Set(deliveries.map((row) => row.triggerId)).size).toBe(2);
      expect(due.map((trigger) => trigger.id)).toEqual(expect.arrayContaining(deliveries.map((row) => row.triggerId)));
      expect(await triggerMessagesTo(member.id)).toHaveLength(2);
    }
  });

  it("leaves a member who is waiting for an answer to the operators, and queues the member's reply", async () => {
    const profile = await createFictionalProfile(server);
    const operator = await signedInMember(server, { roles: ["operator"] });
    const queued = async (uuid: string) => {
      const queue = await (await server.request("/api/operator/queue", { headers: operator.auth })).json();
      return queue.data.some((item: { conversation_uuid: string }) => item.conversation_uuid === uuid);
    };
    const waiting = await memberWritesTo(server, profile);
    await db()
      .update(users)
      .set({ createdAt: new Date(Date.now() - 10 * MINUTE) })
      .where(eq(users.id, waiting.member.id));
    await createTrigger({ profileId: profile.id });
    await new TriggerJob(server.context).runOnce();
    expect(await triggerMessagesTo(waiting.member.id)).toEqual([]);
    expect(await queued(waiting.conversationUuid)).toBe(true);

    const member = await signedInMember(server);
    await db()
      .update(users)
      .set({ createdAt: new Date(Date.now() - 10 * MINUTE) })
      .where(eq(users.id, member.id));
    await new TriggerJob(server.context).runOnce();
    const [message] = await triggerMessagesTo(member.id);
    const uuid = (await (await server.request("/api/user-conversations", { headers: member.auth })).json()).data[0]
      .uuid as string;
    expect(message).toBeDefined();
    expect(await queued(uuid)).toBe(false);

    await giveCredits(server, member, 5);
    const reply = await server.request(
      `/api/user-conversations/${uuid}/messages`,
      jsonRequest("POST", { type: "text", text: "Oh hi!", client_id: randomUUID() }, member.auth),
    );
    expect(reply.status).toBe(201);
    expect(await queued(uuid)).toBe(true);
  });

  it("reaches the member in real time, shaped like any message, with nothing of the trigger in it", async () => {
    const profile = await alwaysOnlineProfile();
    await createTrigger({ text: "Hey {member}, fancy a chat?" });
    const member = await memberAt({ createdAt: new Date(Date.now() - 10 * MINUTE), gender: "male", seeking: "female" });
    const { authorization } = await signIn(server, member.email ?? "", member.password);
    const client = new Pusher(server.context.config.pusher.key, {
      cluster: "eu",
      wsHost: "127.0.0.1",
      wsPort: portOf(server.url),
      forceTLS: false,
      enabledTransports: ["ws"],
      disableStats: true,
      channelAuthorization: {
        endpoint: "/unused",
        transport: "ajax",
        customHandler: ({ socketId, channelName }, callback) => {
          server
            .request(
              "/api/broadcasting/auth",
              jsonRequest("POST", { socket_id: socketId, channel_name: channelName }, authorization),
            )
            .then(async (response) => callback(null, await response.json()))
            .catch((error: Error) => callback(error, null));
        },
      },
    });
    clients.push(client);
    const channel = await subscribed(client, `private-notifications.user.${member.uuid}`);
    const notifications: Array<{ data: { action_type: string; message: { type: string; text: string } } }> = [];
    const unread: number[] = [];
    channel.bind("NEW_NOTIFICATION", (event: (typeof notifications)[number]) => notifications.push(event));
    channel.bind("UnreadMessagesCount", (event: { unread_messages_count: number }) =>
      unread.push(event.unread_messages_count),
    );

    await new TriggerJob(server.context).runOnce();
    const notification = await waitFor(() => notifications[0], 5_000, "the trigger's notification");
    expect(notification.data).toMatchObject({
      action_type: "MESSAGE_RECEIVED",
      message: { type: "trigger", text: `Hey ${member.username}, fancy a chat?` },
    });
    await waitFor(() => unread.includes(1), 5_000, "the unread count");

    const list = await (await server.request("/api/user-conversations", { headers: authorization })).json();
    // The random choice may fall on any profile online now; this one is, and the member's seeking matches it.
    expect(list.data[0]).toMatchObject({ unread_count: 1 });
    const [sender] = await db().select().from(users).where(eq(users.uuid, list.data[0].chatmate.uuid));
    expect(sender).toMatchObject({ isFictional: true, gender: profile.gender });
    const history = await (
      await server.request(`/api/user-conversations/${list.data[0].uuid}/messages`, { headers: authorization })
    ).json();
    const [message] = history.data;
    expect(message).toMatchObject({ type: "trigger", to_id: member.id, from: { uuid: sender?.uuid } });
    expect(Object.keys(message).sort()).toEqual(Object.keys(ZMessageSchema.shape).sort());
    expect(JSON.stringify(history)).not.toMatch(/operator|trigger_id|delivery/);
  });

  it("counts a signed-in request as the member's activity, at most once a minute", async () => {
    const member = await memberAt({ lastActiveAt: new Date(Date.now() - 2 * DAY) });
    const { authorization } = await signIn(server, member.email ?? "", member.password);
    await server.request("/api/user-notifications", { headers: authorization });
    const seen = (await reloadUser(server, member.id))?.lastActiveAt.getTime() ?? 0;
    expect(Date.now() - seen).toBeLessThan(MINUTE);
    await server.request("/api/user-notifications", { headers: authorization });
    expect((await reloadUser(server, member.id))?.lastActiveAt.getTime()).toBe(seen);
  });
});
