import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberWhoUsedEverything, STAFF_IP, STAFF_USER_AGENT } from "../../test/member-activity";
import { startTestServer, type TestServer } from "../../test/support";
import { readExport } from "../../test/zip-archive";

describe("the member's data export", () => {
  let server: TestServer;
  let world: Awaited<ReturnType<typeof memberWhoUsedEverything>>;
  let exported: Awaited<ReturnType<typeof readExport>>;
  let response: Response;

  beforeAll(async () => {
    server = await startTestServer({ PHOTO_AUTO_APPROVE: "0" });
    world = await memberWhoUsedEverything(server);
    response = await server.request("/api/account/export", { headers: world.member.auth });
    exported = await readExport(response.clone());
  });
  afterAll(() => server.stop());

  it("lets a member start 3 downloads an hour, then answers 429 with Retry-After", async () => {
    // The first was the one beforeAll read.
    for (let download = 2; download <= 3; download++) {
      const again = await server.request("/api/account/export", { headers: world.member.auth });
      expect(again.status, `download ${download}`).toBe(200);
      await again.arrayBuffer();
    }
    const refused = await server.request("/api/account/export", { headers: world.member.auth });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3000);
    // Another member's downloads are their own.
    const other = await server.request("/api/account/export", { headers: world.partner.auth });
    expect(other.status).toBe(200);
    await other.arrayBuffer();
  });

  it("is a ZIP download of data.json and the member's own photo files", async () => {
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="velvet-hearts-${world.member.username}.zip"`,
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    const names = [...exported.entries.keys()].sort();
    // Two profile photos (one approved, one waiting), the image they sent and the one they never sent.
    expect(names.filter((name) => name.startsWith("photos/"))).toHaveLength(2);
    expect(names.filter((name) => name.startsWith("message-images/"))).toHaveLength(2);
    expect(names).toContain("data.json");
    for (const photo of exported.data.photos)
      expect(exported.entries.get(photo.file)?.subarray(8, 12).toString()).toBe("WEBP");
  });

  it("holds the account, profile, preferences and every message both ways with the partner's name and time", () => {
    const { data } = exported;
    const { member, partner, profile } = world;
    expect(data.account).toMatchObject({
      uuid: member.uuid,
      username: member.username,
      email: member.email,
      registration_ip: "198.51.100.23",
      campaign: { s1: "summer-ad" },
    });
    expect(data.profile).toMatchObject({ birthdate: "1990-01-15", city: "Sydney" });
    expect(data.preferences.muted_members).toEqual([{ username: partner.username, since: expect.any(String) }]);
    expect(data.photos.map((photo: { status: string }) => photo.status).sort()).toEqual(["approved", "pending"]);
    const lines = data.messages.map((message: Record<string, unknown>) => [
      message.direction,
      message.partner,
      message.type,
    ]);
    expect(lines).toEqual(
      expect.arrayContaining([
        ["sent", partner.username, "text"],
        ["received", partner.username, "text"],
        ["sent", partner.username, "image"],
        ["received", partner.username, "image"],
        ["sent", profile.username, "text"],
      ]),
    );
    expect(data.messages.every((message: { sent_at: string }) => !Number.isNaN(Date.parse(message.sent_at)))).toBe(
      true,
    );
    const sentImage = data.messages.find(
      (message: Record<string, string>) => message.direction === "sent" && message.type === "image",
    );
    expect(exported.entries.has(sentImage.image)).toBe(true);
  });

  it("holds payments, the ledger, notifications, interactions given, visits made, reports, tickets and sign-ins", () => {
    const { data } = exported;
    const { partner, blocked } = world;
    expect(data.payments).toEqual([expect.objectContaining({ product: "Starter", status: "paid", price_cents: 1495 })]);
    expect(data.credit_ledger.map((entry: { reason: string }) => entry.reason)).toEqual(
      expect.arrayContaining(["test", "message", "purchase"]),
    );
    expect(data.notifications.map((entry: { from: string }) => entry.from)).toContain(partner.username);
    expect(data.likes).toEqual([{ member: partner.username, at: expect.any(String) }]);
    expect(data.winks).toEqual([{ member: partner.username, at: expect.any(String) }]);
    expect(data.favorites).toEqual([{ member: partner.username, at: expect.any(String) }]);
    expect(data.blocks).toEqual([{ member: blocked.username, at: expect.any(String) }]);
    expect(data.profile_visits).toEqual([{ profile: partner.username, at: expect.any(String) }]);
    expect(data.reports).toEqual([
      expect.objectContaining({
        reported_member: partner.username,
        details: expect.stringContaining("Report text by"),
      }),
    ]);
    expect(data.support_tickets).toEqual([
      expect.objectContaining({
        subject: "Billing question",
        status: "closed",
        replies: [{ from: "Velvet Hearts support", message: "We are on it.", at: expect.any(String) }],
      }),
    ]);
    const ownSignIns = data.sign_ins.filter((entry: { ip?: string }) => entry.ip !== undefined);
    expect(ownSignIns.length).toBeGreaterThanOrEqual(1);
    expect(ownSignIns[0]).toMatchObject({ ip: expect.any(String), started_at: expect.any(String) });
    expect(data.sign_ins).toContainEqual(expect.objectContaining({ by: "Velvet Hearts support" }));
    expect(data.activity_tracking.clicks.map((click: { button: string }) => click.button).sort()).toEqual([
      "bell_btn",
      "menu_btn",
    ]);
  });

  it("tells staff actions in neutral words, never who or from where", () => {
    const { data, text } = exported;
    const { admin, partner } = world;
    const events = data.account_events.map((event: { what: string }) => event.what);
    expect(events).toContain("A moderator approved your photo");
    expect(events).toContain("A member of our support team signed in to your account");
    expect(events).toContain("Our team answered and closed one of your support requests");
    expect(text).not.toContain(STAFF_IP);
    expect(text).not.toContain(STAFF_USER_AGENT);
    expect(text).not.toContain(admin.username);
    expect(text).not.toContain(admin.uuid);
    expect(text).not.toContain(admin.email);
    // Another member's private data: their email address, their reports and the images they sent.
    expect(text).not.toContain(partner.email);
    expect(text).not.toContain("Report text about them");
    const partnerImage = data.messages.find(
      (message: Record<string, string>) => message.direction === "received" && message.type === "image",
    );
    expect(partnerImage.image).toBe("an image from your partner (not included)");
    // Secrets are ours, not the member's.
    expect(text).not.toContain("argon2");
    expect(text).not.toMatch(/token_hash|custom1|password/);
  });
});
