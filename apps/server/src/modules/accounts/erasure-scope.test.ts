import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../platform/db/schema/jobs";
import { users } from "../../platform/db/schema/members";
import { reports } from "../../platform/db/schema/reports";
import { supportTickets } from "../../platform/db/schema/support";
import {
  createMember,
  guestReport,
  guestTicket,
  jsonRequest,
  signedInMember,
  waitForJobsToSettle,
} from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";

/**
 * Deleting an account erases only what is provably the member's: rows with their id, and mail to an address they
 * confirmed. An address they merely typed (a pending email change, an unconfirmed sign-up) may be anyone's.
 */
describe("deleting an account erases nobody else's data", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const db = () => server.context.database.db;

  /** A guest's ticket and report, by their own address; answers the texts to look for afterwards. */
  async function guestWritesIn(address: string) {
    const reported = await createMember(server);
    const ticketText = `Guest ticket text from ${address}, please help me with my question.`;
    const reportText = `Guest report text from ${address}`;
    expect((await guestTicket(server, address, ticketText)).status).toBe(201);
    expect((await guestReport(server, reported.uuid, address, reportText)).status).toBe(201);
    await waitForJobsToSettle(server);
    return { ticketText, reportText };
  }

  const deleteAccount = async (member: Awaited<ReturnType<typeof signedInMember>>) => {
    const deleted = await server.request(
      "/api/account",
      jsonRequest("DELETE", { password: member.password }, member.auth),
    );
    expect(deleted.status).toBe(200);
  };

  it("leaves a guest's ticket and report untouched when a member made the guest's address their pending email", async () => {
    const guest = "the-guest@example.com";
    const written = await guestWritesIn(guest);
    const member = await signedInMember(server);
    const changed = await server.request(
      "/api/account/email",
      jsonRequest("PUT", { email: guest, current_password: member.password }, member.auth),
    );
    expect(changed.status).toBe(200);
    expect((await db().select().from(users).where(eq(users.id, member.id)))[0]?.pendingEmail).toBe(guest);

    await deleteAccount(member);

    const tickets = await db().select().from(supportTickets).where(eq(supportTickets.email, guest));
    expect(tickets.map((ticket) => ticket.message)).toEqual([written.ticketText]);
    const guestReports = await db().select().from(reports).where(eq(reports.reporterEmail, guest));
    expect(guestReports.map((report) => report.details)).toEqual([written.reportText]);
  });

  it("leaves a guest's ticket untouched when a member signed up with the guest's address and never confirmed it", async () => {
    const guest = "another-guest@example.com";
    const written = await guestWritesIn(guest);
    const member = await signedInMember(server, { email: guest, verified: false });
    await deleteAccount(member);
    const tickets = await db().select().from(supportTickets).where(eq(supportTickets.email, guest));
    expect(tickets.map((ticket) => ticket.message)).toEqual([written.ticketText]);
  });

  it("keeps a queued letter to alice@example.com when a member whose pending address is e@example.com is deleted", async () => {
    const later = new Date(Date.now() + 3_600_000);
    const [alices] = await db()
      .insert(jobs)
      .values({
        kind: "mail",
        payload: { letter: "report_received", data: { to: "alice@example.com" } },
        runAt: later,
      })
      .returning({ id: jobs.id });
    const member = await signedInMember(server, { email: "e@example.com" });
    // Their own confirmed address was e@example.com; the pending one is a stranger's "e@example.com" twin.
    await db()
      .update(users)
      .set({ email: "own-e@example.com", pendingEmail: "e@example.com" })
      .where(eq(users.id, member.id));
    await deleteAccount(member);
    const survivors = await db()
      .select({ id: jobs.id })
      .from(jobs)
      .where(eq(jobs.id, alices?.id ?? 0));
    expect(survivors).toHaveLength(1);
  });

  it("deletes the member's own letters (by account) and mail to their confirmed address, nothing else", async () => {
    const member = await signedInMember(server);
    const address = member.email ?? "";
    const later = new Date(Date.now() + 3_600_000);
    await db()
      .insert(jobs)
      .values([
        {
          kind: "mail",
          userId: member.id,
          payload: { letter: "account_activated", data: { to: address } },
          runAt: later,
        },
        { kind: "mail", payload: { letter: "report_received", data: { to: address } }, runAt: later },
        { kind: "mail", payload: { letter: "report_received", data: { to: `x${address}` } }, runAt: later },
      ]);
    await deleteAccount(member);
    const left = await db()
      .select({ to: sql<string>`${jobs.payload}->'data'->>'to'` })
      .from(jobs)
      .where(sql`${jobs.payload}->'data'->>'to' in (${address}, ${`x${address}`})`);
    expect(left.map((row) => row.to)).toEqual([`x${address}`]);
  });
});
