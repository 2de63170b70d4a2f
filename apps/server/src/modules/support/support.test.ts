import { createServer, type Server } from "node:http";
import { ticketReference } from "@velvet/shared/api/support";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../platform/db/schema/admin";
import { supportTickets } from "../../platform/db/schema/support";
import { withBotCheck } from "../../test/bot-check";
import { jsonRequest, mailsTo, signedInMember, waitForJobsToSettle, waitForMail } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";
import { TICKETS_PER_ADDRESS_PER_HOUR, TICKETS_PER_HOUR } from "./routes";

const question = {
  subject: "Credits missing",
  category: "payments",
  message: "I bought the Starter package an hour ago and the credits have not arrived yet.",
  source: "contact-us",
};

/** Every ticket carries a solved bot check, as the form sends it (members' too). */
async function sendTicket(server: TestServer, body: object, headers: Record<string, string> = {}) {
  const solved = server.context.config.botCheckMode === "altcha";
  return server.request(
    "/api/support-tickets",
    jsonRequest("POST", solved ? await withBotCheck(server, body) : body, headers),
  );
}

describe("support tickets", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it("asks a guest for an email, in English, on the email field", async () => {
    const response = await sendTicket(server, question);
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.message).toBe("Please fill in a valid email address");
    expect(body.errors.email).toEqual(["Please fill in a valid email address"]);
    expect(await server.context.database.db.select().from(supportTickets)).toHaveLength(0);
  });

  it("refuses a message too short or too long and a subject over 150 characters", async () => {
    const response = await sendTicket(server, {
      ...question,
      email: "guest@example.com",
      subject: "x".repeat(151),
      message: "Help!",
    });
    expect(response.status).toBe(422);
    const { errors } = await response.json();
    expect(errors.message).toEqual(["The message field must be at least 10 characters"]);
    expect(errors.subject).toEqual(["The subject field may not be greater than 150 characters"]);
    const tooLong = await sendTicket(server, { ...question, email: "guest@example.com", message: "a".repeat(5001) });
    expect((await tooLong.json()).errors.message).toEqual([
      "The message field may not be greater than 5000 characters",
    ]);
  });

  it("takes a guest's ticket, answers only its reference and state, and acknowledges it by email", async () => {
    const response = await sendTicket(server, { ...question, email: "Guest.One@Example.com", name: "Sam" });
    expect(response.status).toBe(201);
    const { data } = await response.json();
    expect(Object.keys(data).sort()).toEqual(["created_at", "status", "uuid"]);
    expect(data.status).toBe("open");
    const [row] = await server.context.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.uuid, data.uuid));
    expect(row).toMatchObject({
      userId: null,
      email: "guest.one@example.com",
      name: "Sam",
      subject: "Credits missing",
      category: "payments",
      source: "contact-us",
      status: "open",
    });
    expect(row?.ipHash).toMatch(/^[0-9a-f]{64}$/);
    const mail = await waitForMail(server, "guest.one@example.com");
    const reference = ticketReference(data.uuid);
    expect(mail.subject).toContain(reference);
    expect(mail.text).toContain(`Your reference is ${reference}.`);
    // Nothing the sender typed is mailed back (the form must not relay text to strangers).
    expect(mail.text).not.toContain("Credits missing");
    expect(mail.text).not.toContain("Starter package");
  });

  it("takes a member's ticket without an email, answering to the account's address", async () => {
    const member = await signedInMember(server);
    const response = await sendTicket(
      server,
      { ...question, source: "helpdesk", email: "elsewhere@example.com" },
      member.auth,
    );
    expect(response.status).toBe(201);
    const { data } = await response.json();
    const [row] = await server.context.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.uuid, data.uuid));
    expect(row).toMatchObject({ userId: member.id, email: member.email, source: "helpdesk" });
    expect((await waitForMail(server, member.email ?? "")).subject).toContain(ticketReference(data.uuid));
    await waitForJobsToSettle(server);
    expect(await mailsTo(server, "elsewhere@example.com")).toEqual([]);
  });

  it("lists tickets for admins only: 401 for guests, 403 for members", async () => {
    expect((await server.request("/api/admin/support-tickets")).status).toBe(401);
    const member = await signedInMember(server);
    expect((await server.request("/api/admin/support-tickets", { headers: member.auth })).status).toBe(403);
    const operator = await signedInMember(server, { roles: ["operator"] });
    expect((await server.request("/api/admin/support-tickets", { headers: operator.auth })).status).toBe(403);

    const admin = await signedInMember(server, { roles: ["admin"] });
    const response = await server.request("/api/admin/support-tickets?status=open", { headers: admin.auth });
    expect(response.status).toBe(200);
    const body = await response.json();
    const total = (await server.context.database.db.select().from(supportTickets)).length;
    expect(body.meta).toEqual({ current_page: 1, last_page: 1, total });
    const guestTicket = body.data.find((ticket: { email: string }) => ticket.email === "guest.one@example.com");
    expect(guestTicket).toMatchObject({
      reference: ticketReference(guestTicket.uuid),
      status: "open",
      category: "payments",
      source: "contact-us",
      subject: "Credits missing",
      name: "Sam",
      member: null,
      closed_at: null,
    });
    expect(Object.keys(guestTicket)).not.toContain("ip_hash");
    const memberTicket = body.data.find((ticket: { source: string }) => ticket.source === "helpdesk");
    expect(memberTicket.member).toEqual({ uuid: expect.any(String), username: expect.any(String) });
  });

  it("lets an admin close a ticket, audit-logged once, and lists it among the closed", async () => {
    const owner = await signedInMember(server);
    const sent = await (await sendTicket(server, question, owner.auth)).json();
    const member = await signedInMember(server);
    const admin = await signedInMember(server, { roles: ["admin"] });
    const path = `/api/admin/support-tickets/${sent.data.uuid}/close`;

    expect((await server.request(path, { method: "POST" })).status).toBe(401);
    expect((await server.request(path, { method: "POST", headers: member.auth })).status).toBe(403);
    const closed = await server.request(path, { method: "POST", headers: admin.auth });
    expect(closed.status).toBe(200);
    const { data } = await closed.json();
    expect(data).toMatchObject({ uuid: sent.data.uuid, status: "closed", member: { uuid: owner.uuid } });
    expect(data.closed_at).toEqual(expect.any(String));
    expect((await server.request(path, { method: "POST", headers: admin.auth })).status).toBe(200);

    const audits = await server.context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "support_ticket.closed"), eq(auditLog.actorId, admin.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ targetUserId: owner.id, metadata: { ticket_uuid: sent.data.uuid } });

    const list = await (
      await server.request("/api/admin/support-tickets?status=closed", { headers: admin.auth })
    ).json();
    expect(list.data.map((ticket: { uuid: string }) => ticket.uuid)).toEqual([sent.data.uuid]);
    const unknown = await server.request("/api/admin/support-tickets/00000000-0000-4000-8000-000000000000/close", {
      method: "POST",
      headers: admin.auth,
    });
    expect(unknown.status).toBe(404);
  });
});

describe("support ticket limits", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it("limits guests per address and members per account, answering 429 with Retry-After", async () => {
    for (let sent = 0; sent < TICKETS_PER_HOUR; sent++) {
      expect((await sendTicket(server, { ...question, email: "busy@example.com" })).status).toBe(201);
    }
    const refused = await sendTicket(server, { ...question, email: "busy@example.com" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refused.json()).message).toBe(
      "You have sent several requests already. Please wait a while before sending another.",
    );

    // A member on the same address has an allowance of their own.
    const member = await signedInMember(server);
    for (let sent = 0; sent < TICKETS_PER_HOUR; sent++) {
      expect((await sendTicket(server, question, member.auth)).status).toBe(201);
    }
    expect((await sendTicket(server, question, member.auth)).status).toBe(429);
  });
});

describe("support tickets from one address", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it("caps one address whoever is signed in, so new accounts do not multiply the allowance", async () => {
    let accepted = 0;
    while (accepted < TICKETS_PER_ADDRESS_PER_HOUR) {
      const member = await signedInMember(server);
      for (let sent = 0; sent < TICKETS_PER_HOUR && accepted < TICKETS_PER_ADDRESS_PER_HOUR; sent++) {
        expect((await sendTicket(server, question, member.auth)).status).toBe(201);
        accepted += 1;
      }
    }
    const fresh = await signedInMember(server);
    expect((await sendTicket(server, question, fresh.auth)).status).toBe(429);
  });
});

describe("support tickets with a human check configured", () => {
  let standIn: Server;
  let server: TestServer;
  beforeAll(async () => {
    standIn = createServer((_request, response) => {
      response.setHeader("Content-Type", "application/json");
      response.end(JSON.stringify({ success: false }));
    });
    await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
    const address = standIn.address();
    const port = typeof address === "object" && address ? address.port : 0;
    server = await startTestServer({
      CAPTCHA_SITE_KEY: "public",
      CAPTCHA_SECRET: "captcha-secret",
      CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
    });
  });
  afterAll(async () => {
    await server.stop();
    await new Promise<void>((resolve) => standIn.close(() => resolve()));
  });

  it("asks every ticket to pass it, a member's too", async () => {
    const guest = await sendTicket(server, { ...question, email: "guest@example.com", captcha_token: "bad" });
    expect(guest.status).toBe(422);
    expect((await guest.json()).errors.captcha).toEqual(["Please confirm that you are not a robot."]);
    const member = await signedInMember(server);
    const fromMember = await sendTicket(server, { ...question, captcha_token: "bad" }, member.auth);
    expect(fromMember.status).toBe(422);
    expect((await fromMember.json()).errors.captcha).toEqual(["Please confirm that you are not a robot."]);
  });
});
