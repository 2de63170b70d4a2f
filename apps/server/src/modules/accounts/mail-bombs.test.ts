import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../platform/db/client";
import { LETTERS_PER_ADDRESS_PER_DAY } from "../../platform/mail/letter-budget";
import { withBotCheck } from "../../test/bot-check";
import {
  createMember,
  guestReport,
  guestTicket,
  jsonRequest,
  signedInMember,
  waitForJobsToSettle,
} from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";
import { EMAIL_CHANGES_PER_HOUR } from "./service";

/**
 * Nobody can make the site flood an inbox: email-change requests are limited per member, and the letters a
 * stranger can cause (email change, password reset, ticket and report acknowledgements) per address and day.
 * Past a limit every answer is the usual one, nothing is queued, and the event is logged.
 */
describe("letters to one address", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ API_RATE_LIMIT: "1000000" });
  });
  afterAll(() => server.stop());

  /** Letters queued (sent or not) to the address, of any kind. */
  async function lettersTo(address: string): Promise<string[]> {
    const rows = await queryRows<{ letter: string }>(
      server.context.database.db,
      sql`select payload->>'letter' as letter from jobs where kind = 'mail'
        and lower(coalesce(payload->'data'->>'to', payload->'data'->>'email')) = ${address} order by id`,
    );
    return rows.map((row) => row.letter);
  }
  const changeEmail = (member: Awaited<ReturnType<typeof signedInMember>>, email: string) =>
    server.request("/api/account/email", jsonRequest("PUT", { email, current_password: member.password }, member.auth));

  it("sends one member's 25 email-change requests to an address as 3 letters, every answer the same", async () => {
    const target = "victim-one@example.com";
    const member = await signedInMember(server);
    const answers = new Set<string>();
    for (let request = 0; request < 25; request++) {
      const answer = await changeEmail(member, target);
      answers.add(`${answer.status} ${await answer.text()}`);
    }
    expect([...answers]).toEqual(['200 {"message":"We have sent a confirmation link to your new email address."}']);
    expect(await lettersTo(target)).toEqual(Array(EMAIL_CHANGES_PER_HOUR).fill("verify_email"));
    expect(server.logs.filter((line) => line.includes('"account.email_change_limit"')).length).toBe(
      25 - EMAIL_CHANGES_PER_HOUR,
    );
  });

  it("sends no address more than 5 letters a day, whoever asks and whatever the kind", async () => {
    const target = "victim-two@example.com";
    const reported = await createMember(server);
    for (const member of [await signedInMember(server), await signedInMember(server)]) {
      for (let request = 0; request < EMAIL_CHANGES_PER_HOUR; request++) {
        expect((await changeEmail(member, target)).status).toBe(200);
      }
    }
    const reset = await server.request(
      "/api/password/email",
      jsonRequest("POST", await withBotCheck(server, { email: target })),
    );
    expect(reset.status).toBe(200);
    expect((await guestTicket(server, target)).status).toBe(201);
    expect((await guestReport(server, reported.uuid, target)).status).toBe(201);
    await waitForJobsToSettle(server);

    expect(await lettersTo(target)).toEqual(Array(LETTERS_PER_ADDRESS_PER_DAY).fill("verify_email"));
    // The ticket and the report were kept; only their acknowledgements were not queued.
    const [kept] = await queryRows<{ tickets: number; reports: number }>(
      server.context.database.db,
      sql`select (select count(*)::int from support_tickets where email = ${target}) as tickets,
        (select count(*)::int from reports where reporter_email = ${target}) as reports`,
    );
    expect(kept).toEqual({ tickets: 1, reports: 1 });
    const limited = server.logs.filter((line) => line.includes('"mail.address_limit"'));
    expect(limited.map((line) => JSON.parse(line).letter)).toEqual(
      expect.arrayContaining(["verify_email", "password_reset", "support_ticket_received", "report_received"]),
    );
    // The logs name the address only by a keyed hash.
    expect(limited.some((line) => line.includes(target))).toBe(false);
  });
});
