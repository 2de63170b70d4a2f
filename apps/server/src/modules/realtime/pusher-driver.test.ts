import type Pusher from "pusher-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, signedInMember } from "../../test/factories";
import { portOf, pusherClient, subscribed, waitFor } from "../../test/realtime-clients";
import { startTestServer, type TestServer } from "../../test/support";
import { recordRealtimeEvent } from "./outbox";

/**
 * BROADCAST_DRIVER=pusher: events go to an external Pusher-compatible service
 * through the official library. Here the "external service" is a second
 * instance of our own server, which speaks the same HTTP API.
 */
describe("the external Pusher driver", () => {
  let service: TestServer;
  let app: TestServer;
  let client: Pusher;

  beforeAll(async () => {
    service = await startTestServer();
    app = await startTestServer({
      BROADCAST_DRIVER: "pusher",
      PUSHER_HOST: "127.0.0.1",
      PUSHER_PORT: String(portOf(service.url)),
    });
  });
  afterAll(async () => {
    client?.disconnect();
    await app.stop();
    await service.stop();
  });

  it("publishes committed events to the external service, where subscribers receive them", async () => {
    client = pusherClient(service.context.config, portOf(service.url));
    const channel = await subscribed(client, "private-credits.user.00000000-0000-4000-8000-0000000000aa");
    const received: unknown[] = [];
    channel.bind("CreditsEarned", (data: unknown) => received.push(data));
    await app.context.database.db.transaction(async (tx) => {
      await recordRealtimeEvent(
        tx,
        "private-credits.user.00000000-0000-4000-8000-0000000000aa",
        "CreditsEarned",
        {
          credits: 3,
          balance: 3,
        },
        [],
      );
    });
    app.context.realtimeEvents.kick();
    expect(await waitFor(() => received[0])).toEqual({ credits: 3, balance: 3 });
  });

  it("signs channels for sockets held by the external service, which this server cannot see", async () => {
    const member = await signedInMember(app);
    const response = await app.request(
      "/api/broadcasting/auth",
      jsonRequest(
        "POST",
        { socket_id: "123456.654321", channel_name: `private-credits.user.${member.uuid}` },
        member.auth,
      ),
    );
    expect(response.status).toBe(200);
    expect((await response.json()).auth).toMatch(/^[^:]+:[0-9a-f]{64}$/);
  });
});
