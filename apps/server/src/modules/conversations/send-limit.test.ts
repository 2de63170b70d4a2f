import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { giveCredits, jsonRequest, signedInMember } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";

describe("sending limit", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ MESSAGE_RATE_LIMIT: "3" });
  });
  afterAll(() => server.stop());

  it("counts messages per member a minute: the fourth is 429, another member at the same address still sends", async () => {
    const [busy, calm, recipient] = await Promise.all([
      signedInMember(server),
      signedInMember(server),
      signedInMember(server),
    ]);
    await giveCredits(server, busy, 20);
    await giveCredits(server, calm, 20);
    const send = (from: { auth: Record<string, string> }) =>
      server.request(
        `/api/profiles/${recipient.uuid}/messages`,
        jsonRequest("POST", { type: "text", text: "Hello", client_id: randomUUID() }, from.auth),
      );
    for (let count = 0; count < 3; count++) expect((await send(busy)).status).toBe(201);
    const refused = await send(busy);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await send(calm)).status).toBe(201);
    // Reading is not sending: the busy member's list still answers.
    expect((await server.request("/api/user-conversations", { headers: busy.auth })).status).toBe(200);
  });
});
