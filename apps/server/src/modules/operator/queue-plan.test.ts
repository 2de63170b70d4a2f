import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFictionalProfile, memberWritesTo, signedInStaff } from "../../test/operator-factories";
import { logStatements, planOf } from "../../test/statement-log";
import { startTestServer, type TestServer } from "../../test/support";

/**
 * The operator queue starts from the fictional profiles, a few thousand among every member. On the benchmark seed
 * (100,000 members, 33,000 unread conversation sides) PostgreSQL found them by reading every member: 42 of the
 * statement's 83 ms, on a request every operator repeats all evening (bench/README.md, session 17).
 * `users_fictional_idx` (migration 0030) finds them directly; this checks the planner takes it for the statement
 * the server really sends, on a table weighed like a site's.
 */
describe("the operator queue's statement", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it("finds the fictional profiles through their index, not by reading every member", async () => {
    const profile = await createFictionalProfile(server);
    const waiting = await memberWritesTo(server, profile, "Are you there?");
    const operator = await signedInStaff(server);
    // A crowd like a site's: members writing to one another, half of them with an unread message.
    const { db } = server.context.database;
    await db.execute(
      sql`insert into users (username, gender, seeking, city)
        select 'queue-crowd-' || g, 'male', 'female', 'Crowdville' from generate_series(1, 40000) as g`,
    );
    await db.execute(
      sql`with crowd as (
            select id, row_number() over (order by id) as n from users where username like 'queue-crowd-%'),
          pairs as (
            select a.id as initiator_id, b.id as recipient_id from crowd a join crowd b on b.n = a.n + 1
            where a.n % 2 = 1),
          made as (
            insert into conversations (initiator_id, recipient_id)
            select initiator_id, recipient_id from pairs returning id, initiator_id, recipient_id)
        insert into conversation_members (conversation_id, user_id, partner_id, unread_count)
        select id, initiator_id, recipient_id, 0 from made
        union all select id, recipient_id, initiator_id, 1 from made`,
    );
    await db.execute(sql`analyze users`);
    await db.execute(sql`analyze conversations`);
    await db.execute(sql`analyze conversation_members`);

    const log = logStatements(server);
    const response = await server.request("/api/operator/queue", { headers: operator.auth });
    log.stop();
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: Array<{ conversation_uuid: string }> };
    expect(body.data.map((item) => item.conversation_uuid)).toContain(waiting.conversationUuid);
    const queue = log.statements.find((statement) => statement.text.includes("waiting.wrote_text"));
    if (!queue) throw new Error(`no queue statement was sent; statements: ${log.texts.join("\n")}`);

    const plan = await planOf(server, queue);
    expect(plan).toContain('"Index Name":"users_fictional_idx"');
  }, 120_000);
});
