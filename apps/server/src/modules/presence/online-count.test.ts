import { eq } from "drizzle-orm";
import type Pusher from "pusher-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../platform/db/schema/members";
import { createMember } from "../../test/factories";
import { portOf, pusherClient, subscribed } from "../../test/realtime-clients";
import { startTestServer, type TestServer } from "../../test/support";

describe("GET /api/onlines/count", () => {
  let server: TestServer;
  const clients: Pusher[] = [];
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await server.stop();
  });
  const online = async () =>
    ((await (await server.request("/api/onlines/count")).json()) as { data: { online: number } }).data.online;

  it("counts each connected member once, however many tabs, plus fictional profiles active now", async () => {
    expect(await online()).toBe(0);
    const member = await createMember(server);
    for (let tab = 0; tab < 2; tab++) {
      const client = pusherClient(server.context.config, portOf(server.url));
      clients.push(client);
      await subscribed(client, `private-notifications.user.${member.uuid}`);
    }
    expect(await online()).toBe(1);

    const fictional = await createMember(server);
    await server.context.database.db
      .update(users)
      .set({ isFictional: true, lastActiveAt: new Date() })
      .where(eq(users.id, fictional.id));
    expect(await online()).toBe(2);

    for (const client of clients) client.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await online()).toBe(1);
  });
});
