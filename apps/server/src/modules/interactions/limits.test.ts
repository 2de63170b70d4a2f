import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { interactions } from "../../platform/db/schema/interactions";
import { memberActionCounts } from "../../platform/db/schema/limits";
import { notifications } from "../../platform/db/schema/notifications";
import { signedInMember } from "../../test/factories";
import { createFictionalProfile } from "../../test/operator-factories";
import { startTestServer, type TestServer } from "../../test/support";

const confirmFirst = "Please confirm your email address first: follow the link in the email we sent you.";
const dailyLimit = "You have reached today's limit of likes and winks. Please try again tomorrow.";

describe("what an unconfirmed address and a script can reach", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ DAILY_LIKE_WINK_LIMIT: "3" });
  });
  afterAll(() => server.stop());

  const act = (method: string, uuid: string, what: string, headers: Record<string, string>) =>
    server.request(`/api/profiles/${uuid}/${what}`, { method, headers });
  const notificationsTo = (userId: number) =>
    server.context.database.db.select().from(notifications).where(eq(notifications.userId, userId));

  it("refuses likes, winks and favorites from an unverified member to real members, with 403 and the message", async () => {
    const unverified = await signedInMember(server, { verified: false });
    const real = await signedInMember(server);
    for (const what of ["like", "wink", "favorite"]) {
      const answer = await act("POST", real.uuid, what, unverified.auth);
      expect(answer.status, what).toBe(403);
      expect(await answer.json()).toEqual({ message: confirmFirst });
    }
    const given = await server.context.database.db
      .select()
      .from(interactions)
      .where(eq(interactions.fromUserId, unverified.id));
    expect(given).toEqual([]);
    expect(await notificationsTo(real.id)).toEqual([]);
  });

  it("still lets an unverified member block anyone and like a fictional profile", async () => {
    const unverified = await signedInMember(server, { verified: false });
    const real = await signedInMember(server);
    const fictional = await createFictionalProfile(server);
    expect((await act("POST", fictional.uuid, "like", unverified.auth)).status).toBe(200);
    expect((await act("POST", real.uuid, "block", unverified.auth)).status).toBe(200);
  });

  it("caps likes and winks per site day, counting an undone and redone like, with 429 and Retry-After", async () => {
    const member = await signedInMember(server);
    const [first, second, third] = [
      await signedInMember(server),
      await signedInMember(server),
      await signedInMember(server),
    ];
    if (!first || !second || !third) throw new Error("members not created");
    expect((await act("POST", first.uuid, "like", member.auth)).status).toBe(200);
    expect((await act("DELETE", first.uuid, "like", member.auth)).status).toBe(200);
    expect((await act("POST", first.uuid, "like", member.auth)).status).toBe(200);
    // A repeat of a like that stands changes nothing, and costs nothing.
    expect((await act("POST", first.uuid, "like", member.auth)).status).toBe(200);
    expect((await act("POST", second.uuid, "wink", member.auth)).status).toBe(200);

    const refused = await act("POST", third.uuid, "like", member.auth);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: dailyLimit });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect((await act("POST", third.uuid, "wink", member.auth)).status).toBe(429);
    expect(await notificationsTo(third.id)).toEqual([]);
    // Favorites are not likes: they stay open.
    expect((await act("POST", third.uuid, "favorite", member.auth)).status).toBe(200);

    const [count] = await server.context.database.db
      .select()
      .from(memberActionCounts)
      .where(and(eq(memberActionCounts.userId, member.id), eq(memberActionCounts.kind, "like_or_wink")));
    expect(count?.count).toBe(3);
  });

  it("lets no more than the cap through when a script sends likes in parallel", async () => {
    const member = await signedInMember(server);
    const targets = await Promise.all(Array.from({ length: 8 }, () => signedInMember(server)));
    const answers = await Promise.all(targets.map((target) => act("POST", target.uuid, "like", member.auth)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const likes = await server.context.database.db
      .select()
      .from(interactions)
      .where(and(eq(interactions.fromUserId, member.id), eq(interactions.kind, "like")));
    expect(likes).toHaveLength(3);
  });
});
