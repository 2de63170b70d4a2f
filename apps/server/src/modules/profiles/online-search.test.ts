import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../platform/db/schema/members";
import { createMember, signedInMember } from "../../test/factories";
import { createFictionalProfile } from "../../test/operator-factories";
import { logStatements, planOf } from "../../test/statement-log";
import { startTestServer, type TestServer } from "../../test/support";

/**
 * "Online now": a member active in the last ten minutes, or a fictional profile scheduled for this hour. On the
 * benchmark seed the search read all 100,000 profiles and sorted them (47-56 ms): PostgreSQL estimated "fictional and
 * scheduled now" at a fiftieth of what it matched. Asked as a schedule containing the hour, with only fictional
 * profiles allowed a schedule, it walks the newest-active index and stops at a page (0.4-11 ms).
 */
describe("the online-now search", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const allDay = Array.from({ length: 24 }, (_, hour) => hour);

  it("finds members active now and fictional profiles scheduled now, through the newest-active index", async () => {
    const { db } = server.context.database;
    const viewer = await signedInMember(server);
    await db.update(users).set({ seeking: "both" }).where(eq(users.id, viewer.id));
    const activeNow = await createMember(server);
    const scheduled = await createFictionalProfile(server);
    await db.update(users).set({ onlineHours: allDay }).where(eq(users.id, scheduled.id));
    const unscheduled = await createFictionalProfile(server);
    const away = await createMember(server);
    await db
      .update(users)
      .set({ lastActiveAt: new Date(Date.now() - 3600_000) })
      .where(eq(users.id, away.id));
    await db
      .update(users)
      .set({ lastActiveAt: new Date(Date.now() - 7200_000) })
      .where(sql`${users.id} in (${scheduled.id}, ${unscheduled.id})`);
    // A site's crowd, so the planner weighs the table as it would a real one (on a handful of rows reading them all
    // is cheapest whatever the indexes): members away for hours, and one in fifty a fictional profile with a
    // schedule, as on the benchmark seed.
    await db.execute(
      sql`insert into ${users} (username, gender, seeking, city, is_fictional, online_hours, last_active_at)
        select 'online-crowd-' || g, 'male', 'female', 'Crowdville', g % 50 = 0,
          case when g % 50 = 0 then array[(g / 50) % 24, (g / 50 + 1) % 24]::smallint[] else '{}' end,
          now() - interval '3 hours' - g * interval '1 second'
        from generate_series(1, 60000) as g`,
    );
    await db.execute(sql`analyze ${users}`);

    const log = logStatements(server);
    const answer = await server.request("/api/profiles?online=1", { headers: viewer.auth });
    log.stop();
    expect(answer.status).toBe(200);
    const shown = ((await answer.json()) as { data: Array<{ uuid: string }> }).data.map((card) => card.uuid);
    expect(shown).toContain(activeNow.uuid);
    expect(shown).toContain(scheduled.uuid);
    expect(shown).not.toContain(unscheduled.uuid);
    expect(shown).not.toContain(away.uuid);

    const search = log.statements.find((statement) => statement.text.includes('"online_hours" @>'));
    if (!search) throw new Error(`no online search was sent; statements: ${log.texts.join("\n")}`);
    const plan = await planOf(server, search);
    expect(plan).toContain('"Index Name":"users_browse_recent_idx"');
    expect(plan).not.toContain('"Node Type":"Seq Scan"');
  });

  it("refuses an online schedule on a member who is not a fictional profile", async () => {
    const member = await createMember(server);
    const refused = await server.context.database.db
      .update(users)
      .set({ onlineHours: [20, 21] })
      .where(eq(users.id, member.id))
      .then(() => null)
      .catch((error: unknown) => error as Error & { cause?: unknown });
    expect(`${refused?.message} ${String(refused?.cause)}`).toContain("users_online_hours_fictional_only");
  });
});
