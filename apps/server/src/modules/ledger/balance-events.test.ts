import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { realtimeOutbox } from "../../platform/db/schema/realtime";
import { giveCredits, jsonRequest, signedInMember } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";
import { takeBackCredits } from "./ledger";

/** Every open tab learns the balance after a spend or a take-back, not only after a top-up. */
describe("balance events", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const balanceEvents = async (uuid: string) =>
    (
      await server.context.database.db
        .select({ payload: realtimeOutbox.payload })
        .from(realtimeOutbox)
        .where(
          and(eq(realtimeOutbox.channel, `private-credits.user.${uuid}`), eq(realtimeOutbox.event, "BalanceChanged")),
        )
        .orderBy(realtimeOutbox.id)
    ).map((row) => row.payload);

  it("announces the balance after a paid message, and nothing for a message refused for want of credits", async () => {
    const [alex, sam] = await Promise.all([signedInMember(server), signedInMember(server)]);
    await giveCredits(server, alex, 1);
    const send = () =>
      server.request(
        `/api/profiles/${sam.uuid}/messages`,
        jsonRequest("POST", { type: "text", text: "Hello", client_id: randomUUID() }, alex.auth),
      );
    expect((await send()).status).toBe(201);
    expect((await send()).status).toBe(402);
    expect(await balanceEvents(alex.uuid)).toEqual([{ balance: 0 }]);
  });

  it("announces the balance after credits are taken back", async () => {
    const member = await signedInMember(server);
    await giveCredits(server, member, 5);
    await server.context.database.db.transaction((tx) =>
      takeBackCredits(tx, member.id, 2, "admin_adjustment", `test:${randomUUID()}`),
    );
    expect(await balanceEvents(member.uuid)).toEqual([{ balance: 3 }]);
  });
});
