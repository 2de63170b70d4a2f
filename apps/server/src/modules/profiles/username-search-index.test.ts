import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../platform/db/schema/members";
import { createMember, signedInMember } from "../../test/factories";
import { logStatements, planOf } from "../../test/statement-log";
import { startTestServer, type TestServer } from "../../test/support";

/**
 * The username filter finds a part of a name anywhere in it. On the benchmark seed (100,000 members) a rare part
 * read every member (a sequential scan, 64-111 ms); `users_username_trgm_idx` (pg_trgm, migration 0028) answers it
 * in under a millisecond. This checks that the index can serve the statement the server really sends: its
 * expression and its partial predicate match the query's, and the planner picks it for a rare part.
 */
describe("the username search", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it("can find a part of a name through the trigram index", async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const viewer = await signedInMember(server);
    // Seeking both, so the search shows the wanted member whatever gender the factory gave them.
    await server.context.database.db.update(users).set({ seeking: "both" }).where(eq(users.id, viewer.id));
    const wanted = await createMember(server, { username: `Qzw${tag}Night` });
    // A crowd, so the planner weighs the table as it would a site's: on a handful of rows, reading them all is
    // cheapest whatever the indexes. It turns to the trigram index between 20,000 and 30,000 members (both
    // databases); 60,000 leaves room for ANALYZE's sampling.
    const { db } = server.context.database;
    await db.execute(
      sql`insert into ${users} (username, gender, seeking, city)
        select 'crowd-member-' || g, 'male', 'female', 'Crowdville' from generate_series(1, 60000) as g`,
    );
    await db.execute(sql`analyze ${users}`);
    const log = logStatements(server);
    const answer = await server.request(`/api/profiles?username=${`zw${tag}`.toUpperCase()}`, {
      headers: viewer.auth,
    });
    log.stop();
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { data: Array<{ uuid: string }> }).data.map((card) => card.uuid)).toEqual([
      wanted.uuid,
    ]);
    const search = log.statements.find((statement) => /lower\("users"\."username"\) like \$\d+/i.test(statement.text));
    if (!search) throw new Error(`no username search was sent; statements: ${log.texts.join("\n")}`);

    const plan = await planOf(server, search);
    expect(plan).toContain('"Index Name":"users_username_trgm_idx"');
  });
});
