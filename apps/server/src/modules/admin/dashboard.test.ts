import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { giveCredits, jsonRequest, signedInMember } from "../../test/factories";
import { createFictionalProfile } from "../../test/operator-factories";
import { deliver, gatewayNotification, startPurchase } from "../../test/payment-factories";
import { startTestServer, type TestServer } from "../../test/support";

describe("admin: dashboard", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const dashboard = async (auth: Record<string, string>) => {
    const response = await server.request("/api/admin/dashboard", { headers: auth });
    expect(response.status).toBe(200);
    return (await response.json()).data;
  };

  it("counts today's members and messages, the week's revenue by package, and the operator queue", async () => {
    const admin = await signedInMember(server, { roles: ["admin"] });
    const before = await dashboard(admin.auth);

    const [buyer, writer, profile] = await Promise.all([
      signedInMember(server),
      signedInMember(server),
      createFictionalProfile(server),
    ]);
    const payment = await startPurchase(server, buyer, "credits-100");
    expect((await deliver(server, gatewayNotification(server, payment, "paid"))).status).toBeLessThan(300);
    await giveCredits(server, writer, 5);
    const sent = await server.request(
      `/api/profiles/${profile.uuid}/messages`,
      jsonRequest("POST", { type: "text", text: "Hello there", client_id: randomUUID() }, writer.auth),
    );
    expect(sent.status).toBe(201);

    const after = await dashboard(admin.auth);
    expect(after.members.registered_today - before.members.registered_today).toBe(2);
    expect(after.members.total - before.members.total).toBe(2);
    expect(after.members.active_today).toBeGreaterThanOrEqual(2);
    expect(after.messages_today - before.messages_today).toBe(1);
    expect(after.revenue).toEqual([
      { day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), package_name: "Starter", payments: 1, cents: 1495 },
    ]);
    expect(after.queue.waiting - before.queue.waiting).toBe(1);
    expect(after.queue.longest_wait_seconds).toBeGreaterThanOrEqual(0);

    const member = await signedInMember(server);
    expect((await server.request("/api/admin/dashboard", { headers: member.auth })).status).toBe(403);
  });

  it("never counts staff or fictional profiles as members", async () => {
    const admin = await signedInMember(server, { roles: ["admin"] });
    const before = await dashboard(admin.auth);
    // Staff sign in today (active) and fictional profiles are made today: none of them is a member.
    await Promise.all([
      signedInMember(server, { roles: ["operator"] }),
      signedInMember(server, { roles: ["admin"] }),
      signedInMember(server, { roles: ["member", "operator"] }),
      createFictionalProfile(server),
      createFictionalProfile(server),
    ]);
    const after = await dashboard(admin.auth);
    expect(after.members).toEqual(before.members);
    await signedInMember(server);
    const withMember = await dashboard(admin.auth);
    expect(withMember.members.total - before.members.total).toBe(1);
    expect(withMember.members.registered_today - before.members.registered_today).toBe(1);
    const operator = await signedInMember(server, { roles: ["operator"] });
    expect((await server.request("/api/admin/dashboard", { headers: operator.auth })).status).toBe(403);
  });
});
