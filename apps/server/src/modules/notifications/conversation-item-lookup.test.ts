import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "../../platform/db/schema/notifications";
import { giveCredits, jsonRequest, signedInMember } from "../../test/factories";
import { type LoggedStatement, logStatements, planOf } from "../../test/statement-log";
import { startTestServer, type TestServer } from "../../test/support";

/**
 * Every message sent replaces the conversation's bell item, and reading a conversation marks it read: both find the
 * item by the conversation in its data. Measured on the busy-evening seed, that lookup read every
 * notification the recipient had (about 500 rows per message sent), so a much-written profile cost more with each
 * message. These check, on the statements the server really sends, that the database finds the item through
 * `notifications_conversation_item_idx` instead.
 */
describe("finding a conversation's bell item", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  /** The index the plan of `statement` reads `notifications` through, or what it does instead. */
  const plannedAccess = async (statement: LoggedStatement) => {
    const plan = await planOf(server, statement);
    const scans = [...plan.matchAll(/"Node Type":"([^"]+)"[^{}]*?"Relation Name":"notifications"/g)];
    const indexes = [...plan.matchAll(/"Index Name":"([^"]+)"/g)].map((match) => match[1]);
    return { scans: scans.map((match) => match[1]), indexes, plan };
  };

  it("replaces and reads the item through its index, however many items the recipient has", async () => {
    const [alex, sam] = await Promise.all([signedInMember(server), signedInMember(server)]);
    await giveCredits(server, alex, 10);
    // A much-written profile: hundreds of items from other conversations, and likes.
    const { db } = server.context.database;
    await db.insert(notifications).values(
      Array.from({ length: 400 }, (_, index) => ({
        userId: sam.id,
        actionType: index % 4 === 0 ? "USER_LIKE" : "MESSAGE_RECEIVED",
        data: { message: { conversation: { uuid: randomUUID() } }, count: 1 },
      })),
    );
    await db.execute(sql`analyze ${notifications}`);

    const send = (text: string) =>
      server.request(
        `/api/profiles/${sam.uuid}/messages`,
        jsonRequest("POST", { type: "text", text, client_id: randomUUID() }, alex.auth),
      );
    const first = await send("Hello");
    expect(first.status).toBe(201);
    const log = logStatements(server);
    const second = await send("Still there?");
    log.stop();
    expect(second.status).toBe(201);
    const { id: messageId, conversation } = (await second.json()).data as { id: number; conversation: string };

    const replacing = log.statements.find((statement) =>
      /^with previous as \(\s*delete from "notifications"/i.test(statement.text),
    );
    if (!replacing) throw new Error(`no bell item replaced; statements: ${log.texts.join("\n")}`);
    const replaced = await plannedAccess(replacing);
    expect(replaced.indexes, replaced.plan).toContain("notifications_conversation_item_idx");
    expect(replaced.scans, replaced.plan).not.toContain("Seq Scan");

    const readLog = logStatements(server);
    const read = await server.request(
      `/api/user-conversations/${conversation}/read`,
      jsonRequest("POST", { up_to_id: messageId }, sam.auth),
    );
    readLog.stop();
    expect(read.status).toBe(200);
    const marking = readLog.statements.find((statement) =>
      /^update "notifications" set read_at = now\(\)/i.test(statement.text),
    );
    if (!marking) throw new Error(`the item was not marked read; statements: ${readLog.texts.join("\n")}`);
    const marked = await plannedAccess(marking);
    expect(marked.indexes, marked.plan).toContain("notifications_conversation_item_idx");

    // And the behaviour the index serves is unchanged: one item for the conversation, both messages counted, read.
    const items = await db.execute(
      sql`select read_at, data ->> 'count' as count from ${notifications}
        where ${notifications.userId} = ${sam.id} and ${notifications.data} #>> '{message,conversation,uuid}' = ${conversation}`,
    );
    const rows = (items as unknown as { rows: { read_at: Date | null; count: string }[] }).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]?.count).toBe("2");
    expect(rows[0]?.read_at).not.toBeNull();
  });
});
