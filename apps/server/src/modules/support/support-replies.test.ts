import { ticketReference } from "@velvet/shared/api/support";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../platform/db/schema/admin";
import { supportTicketReplies } from "../../platform/db/schema/support";
import { withBotCheck } from "../../test/bot-check";
import { jsonRequest, signedInMember, waitForMail } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";

describe("support ticket replies", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  async function ticketFrom(auth: Record<string, string>) {
    const response = await server.request(
      "/api/support-tickets",
      jsonRequest(
        "POST",
        await withBotCheck(server, {
          subject: "Credits missing",
          category: "payments",
          message: "I bought the Starter package an hour ago and the credits have not arrived yet.",
          source: "helpdesk",
        }),
        auth,
      ),
    );
    expect(response.status).toBe(201);
    return (await response.json()).data as { uuid: string };
  }

  it("mails an admin's answer to the ticket's address, keeps it, closes when asked, audited", async () => {
    const [owner, admin] = await Promise.all([signedInMember(server), signedInMember(server, { roles: ["admin"] })]);
    const ticket = await ticketFrom(owner.auth);
    const path = `/api/admin/support-tickets/${ticket.uuid}/replies`;
    const answer = "Sorry for the wait.\n\nThe payment is now confirmed and your 100 credits are on your account.";

    const first = await server.request(path, jsonRequest("POST", { message: answer }, admin.auth));
    expect(first.status).toBe(200);
    expect((await first.json()).data).toMatchObject({ replies: 1, ticket: { status: "open" } });
    const mail = await waitForMail(server, owner.email ?? "", { subject: /^Re: / });
    expect(mail.subject).toContain(`Re: Credits missing [${ticketReference(ticket.uuid)}]`);
    expect(mail.text).toContain("your 100 credits are on your account");

    const closing = await server.request(
      path,
      jsonRequest("POST", { message: "Closing this now.", close: true }, admin.auth),
    );
    expect((await closing.json()).data).toMatchObject({ replies: 2, ticket: { status: "closed" } });

    const stored = await server.context.database.db.select().from(supportTicketReplies);
    expect(stored.map((row) => row.message)).toEqual([answer, "Closing this now."]);
    const actions = (
      await server.context.database.db.select().from(auditLog).where(eq(auditLog.actorId, admin.id))
    ).map((row) => row.action);
    expect(actions).toEqual(["support_ticket.replied", "support_ticket.replied_and_closed"]);

    expect((await server.request(path, jsonRequest("POST", { message: "x" }, admin.auth))).status).toBe(422);
    expect((await server.request(path, jsonRequest("POST", { message: "Hello" }, owner.auth))).status).toBe(403);
  });
});
