import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../platform/db/schema/conversations";
import { createMember } from "../../test/factories";
import { createFictionalProfile, signedInStaff } from "../../test/operator-factories";
import { startTestServer, type TestServer } from "../../test/support";
import { openConversation } from "../conversations";

describe("operator statistics", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SITE_TIMEZONE: "Australia/Sydney" });
  });
  afterAll(() => server.stop());

  /** Messages at fixed Sydney times (10 March 2025 is daylight time, +11:00). */
  async function conversationWith(
    member: { id: number },
    profile: { id: number },
    lines: Array<{ at: string; by: "member" | number }>,
  ) {
    await server.context.database.db.transaction(async (tx) => {
      const conversation = await openConversation(tx, member.id, profile.id);
      for (const line of lines) {
        const fromMember = line.by === "member";
        await tx.insert(messages).values({
          conversationId: conversation.id,
          fromId: fromMember ? member.id : profile.id,
          toId: fromMember ? profile.id : member.id,
          type: "text",
          text: "…",
          clientId: randomUUID(),
          operatorId: fromMember ? null : (line.by as number),
          createdAt: new Date(`${line.at}+11:00`),
        });
      }
    });
  }

  it("counts replies per active hour and the median first-response time, per operator and day", async () => {
    const [first, second] = await Promise.all([signedInStaff(server), signedInStaff(server)]);
    const profile = await createFictionalProfile(server);
    const [alex, sam] = await Promise.all([createMember(server), createMember(server)]);
    await conversationWith(alex, profile, [
      { at: "2025-03-10T10:00:00", by: "member" },
      { at: "2025-03-10T10:01:00", by: "member" },
      { at: "2025-03-10T10:03:00", by: first.id }, // answers after 180 s (from the first unanswered message)
      { at: "2025-03-10T10:04:00", by: first.id }, // a follow-up: not a first response
      { at: "2025-03-10T11:00:00", by: "member" },
      { at: "2025-03-10T11:01:00", by: first.id }, // 60 s
    ]);
    await conversationWith(sam, profile, [
      { at: "2025-03-10T10:10:00", by: "member" },
      { at: "2025-03-10T10:20:00", by: second.id }, // 600 s
      { at: "2025-03-11T09:00:00", by: "member" },
      { at: "2025-03-11T09:05:00", by: first.id }, // 300 s, the next day
    ]);

    const response = await server.request("/api/operator/stats?from=2025-03-10&to=2025-03-11", {
      headers: first.auth,
    });
    expect(response.status).toBe(200);
    const { data } = await response.json();
    const who = (uuid: string) => (uuid === first.uuid ? "first" : "second");
    expect(
      data.operators.map((row: Record<string, unknown> & { operator: { uuid: string } }) => ({
        ...row,
        operator: who(row.operator.uuid),
      })),
    ).toEqual(
      expect.arrayContaining([
        {
          operator: "first",
          replies: 4,
          active_hours: 3,
          replies_per_hour: 1.3,
          median_first_response_seconds: 180,
        },
        { operator: "second", replies: 1, active_hours: 1, replies_per_hour: 1, median_first_response_seconds: 600 },
      ]),
    );
    expect(
      data.days.map(
        (row: { operator: { uuid: string }; day: string; replies: number; median_first_response_seconds: number }) => [
          who(row.operator.uuid),
          row.day,
          row.replies,
          row.median_first_response_seconds,
        ],
      ),
    ).toEqual(
      expect.arrayContaining([
        ["first", "2025-03-10", 3, 120],
        ["first", "2025-03-11", 1, 300],
        ["second", "2025-03-10", 1, 600],
      ]),
    );
    expect(data.days).toHaveLength(3);

    const oneDay = await (
      await server.request("/api/operator/stats?from=2025-03-11&to=2025-03-11", { headers: first.auth })
    ).json();
    expect(oneDay.data.operators).toEqual([
      expect.objectContaining({ replies: 1, median_first_response_seconds: 300 }),
    ]);
  });

  it("refuses a range that ends before it starts or spans more than 92 days", async () => {
    const operator = await signedInStaff(server);
    for (const query of ["from=2025-03-11&to=2025-03-10", "from=2025-01-01&to=2025-06-01"]) {
      const response = await server.request(`/api/operator/stats?${query}`, { headers: operator.auth });
      expect(response.status).toBe(422);
      expect((await response.json()).errors.from).toEqual([
        "The stats range may cover at most 92 days, from a day on or before the last.",
      ]);
    }
  });
});
