import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { realtimeOutbox } from "../../platform/db/schema/realtime";
import { giveCredits, jsonRequest, signedInMember } from "../../test/factories";
import { logStatements } from "../../test/statement-log";
import { startTestServer, type TestServer } from "../../test/support";

/** Sending is the hottest write there is; these pin down the round trips it no longer takes. */
describe("the statements of sending a message", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it("spends with its ledger row in one statement, writes the events in one insert, asks about Web Push in the notification's statement, and leaves the operator queue alone between two members", async () => {
    const [alex, sam] = await Promise.all([signedInMember(server), signedInMember(server)]);
    await giveCredits(server, alex, 5);
    const opened = await server.request(
      `/api/profiles/${sam.uuid}/messages`,
      jsonRequest("POST", { type: "text", text: "Hello", client_id: randomUUID() }, alex.auth),
    );
    const conversationUuid = (await opened.json()).data.conversation as string;

    const log = logStatements(server);
    const sent = await server.request(
      `/api/user-conversations/${conversationUuid}/messages`,
      jsonRequest("POST", { type: "text", text: "Still there?", client_id: randomUUID() }, alex.auth),
    );
    log.stop();
    expect(sent.status).toBe(201);
    const messageId = (await sent.json()).data.id as number;

    const outboxInserts = log.texts.filter((text) => /^insert into "realtime_outbox"/i.test(text));
    expect(outboxInserts).toHaveLength(1);
    const pushLookups = log.texts.filter((text) => text.includes('"push_subscriptions"'));
    expect(pushLookups).toHaveLength(1);
    expect(pushLookups[0]).toMatch(/insert into "notifications"/i);
    expect(log.texts.filter((text) => text.includes("fictional_profile_operators"))).toEqual([]);
    // The spend writes its ledger row in the same statement.
    const ledgerWrites = log.texts.filter((text) => text.includes('"credit_ledger"'));
    expect(ledgerWrites).toHaveLength(1);
    expect(ledgerWrites[0]).toMatch(/^with spent as \(\s*update "users"/i);
    if (server.context.database.driver === "postgres") {
      // The transaction's writes go as statements named after their text, planned once per connection (the
      // embedded database has no named statements).
      const unnamedWrites = log.statements
        .filter((statement) => /^(insert|update|with)\b/i.test(statement.text.trim()) && !statement.name)
        // Background work (the jobs worker) may write in the same moment: only the send's own tables count.
        .filter((statement) => /messages|conversation|credit_ledger|notifications|realtime_outbox/.test(statement.text))
        .map((statement) => statement.text.slice(0, 60));
      expect(unnamedWrites).toEqual([]);
      const writes = log.statements.filter((statement) => statement.name?.startsWith("t_"));
      expect(writes.map((statement) => statement.text.trim().split(/\s/)[0]?.toLowerCase()).sort()).toEqual([
        "insert",
        "insert",
        "with",
        "with",
        "with",
      ]);
    }

    // The one insert still writes every event, in the order they were recorded.
    const events = await server.context.database.db
      .select({ channel: realtimeOutbox.channel, event: realtimeOutbox.event, payload: realtimeOutbox.payload })
      .from(realtimeOutbox)
      .orderBy(realtimeOutbox.id);
    const mine = events.slice(events.findLastIndex((row) => row.event === "BalanceChanged"));
    expect(mine.map((row) => [row.channel, row.event])).toEqual([
      [`private-credits.user.${alex.uuid}`, "BalanceChanged"],
      [`private-conversation.${conversationUuid}`, "message.created"],
      [`private-notifications.user.${sam.uuid}`, "NEW_NOTIFICATION"],
      [`private-notifications.user.${sam.uuid}`, "UnreadMessagesCount"],
    ]);
    expect(mine[0]?.payload).toEqual({ balance: 3 });
    expect(mine[1]?.payload).toMatchObject({ id: messageId, text: "Still there?" });
    expect(mine[3]?.payload).toEqual({ unread_messages_count: 2 });
  });
});
