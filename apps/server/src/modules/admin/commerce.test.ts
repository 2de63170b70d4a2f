import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../platform/db/schema/admin";
import { giveCredits, jsonRequest, signedInMember } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";

describe("admin: prices and packages", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it("sets a message price that the next message pays, audited", async () => {
    const [admin, sender, recipient] = await Promise.all([
      signedInMember(server, { roles: ["admin"] }),
      signedInMember(server),
      signedInMember(server),
    ]);
    await giveCredits(server, sender, 10);
    const set = await server.request("/api/admin/message-prices/text", jsonRequest("PUT", { credits: 3 }, admin.auth));
    expect(set.status).toBe(200);
    expect((await set.json()).data).toEqual({ type: "text", credits: 3 });
    const prices = await (await server.request("/api/credit-prices")).json();
    expect(prices.data).toContainEqual({ type: "text", credits: 3 });
    const sent = await server.request(
      `/api/profiles/${recipient.uuid}/messages`,
      jsonRequest("POST", { type: "text", text: "Hi", client_id: randomUUID() }, sender.auth),
    );
    expect((await sent.json()).data.sender.credits).toBe(7);
    expect(
      (await server.request("/api/admin/message-prices/text", jsonRequest("PUT", { credits: -1 }, admin.auth))).status,
    ).toBe(422);
    expect(
      (await server.request("/api/admin/message-prices/text", jsonRequest("PUT", { credits: 1 }, sender.auth))).status,
    ).toBe(403);
    await server.request("/api/admin/message-prices/text", jsonRequest("PUT", { credits: 1 }, admin.auth));
    const audits = await server.context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.id), eq(auditLog.action, "message_price.updated")));
    expect(audits.map((row) => row.metadata)).toEqual([
      { type: "text", from: 1, to: 3 },
      { type: "text", from: 3, to: 1 },
    ]);
  });

  it("changes a package's price and takes one off the shelf", async () => {
    const admin = await signedInMember(server, { roles: ["admin"] });
    const { data: packages } = await (
      await server.request("/api/admin/credit-packages", { headers: admin.auth })
    ).json();
    const starter = packages.find((item: { code: string }) => item.code === "credits-100");
    expect(starter).toMatchObject({ price_cents: 1495, active: true });
    const repriced = await server.request(
      `/api/admin/credit-packages/${starter.id}`,
      jsonRequest("PUT", { price_cents: 1295 }, admin.auth),
    );
    expect((await repriced.json()).data).toMatchObject({ price_cents: 1295, name: starter.name });
    await server.request(`/api/admin/credit-packages/${starter.id}`, jsonRequest("PUT", { active: false }, admin.auth));
    const member = await signedInMember(server);
    const shelf = await (await server.request("/api/credit-packages", { headers: member.auth })).json();
    const shelfIds = shelf.data.map((item: { id: number }) => item.id);
    expect(shelfIds.length).toBeGreaterThan(0);
    expect(shelfIds).not.toContain(starter.id);
    expect(
      (await server.request(`/api/admin/credit-packages/${starter.id}`, jsonRequest("PUT", {}, admin.auth))).status,
    ).toBe(422);
    expect(
      (await server.request("/api/admin/credit-packages/999999", jsonRequest("PUT", { active: true }, admin.auth)))
        .status,
    ).toBe(404);
  });
});
