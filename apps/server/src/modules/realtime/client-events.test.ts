import { realtimeChannels } from "@velvet/shared/realtime/events";
import type Pusher from "pusher-js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { signedInMember } from "../../test/factories";
import { memberPusherClient, subscribed, waitFor } from "../../test/realtime-clients";
import { startTestServer, type TestServer } from "../../test/support";
import { openConversation } from "../conversations";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("client events between the two members of a conversation", () => {
  let server: TestServer;
  const clients: Pusher[] = [];
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
  });
  afterAll(() => server.stop());

  /** Two members, each with a socket on their conversation's channel, and what each socket heard. */
  async function pair() {
    const sender = await signedInMember(server);
    const partner = await signedInMember(server);
    const conversation = await openConversation(server.context.database.db, sender.id, partner.id);
    const channelName = realtimeChannels.conversation(conversation.uuid);
    const join = async (member: { auth: Record<string, string> }) => {
      const client = memberPusherClient(server, member.auth);
      clients.push(client);
      const channel = await subscribed(client, channelName);
      const heard: Array<{ event: string; data: unknown }> = [];
      channel.bind_global((event: string, data: unknown) => {
        if (event.startsWith("client-")) heard.push({ event, data });
      });
      const errors: Array<{ data?: { code?: number | null; message?: string } }> = [];
      client.connection.bind("error", (error: (typeof errors)[number]) => errors.push(error));
      return { channel, heard, errors };
    };
    return { sender, partner, fromSender: await join(sender), atPartner: await join(partner) };
  }

  it("delivers client-typing in the sender's own name only, whatever its payload said", async () => {
    const { sender, fromSender, atPartner } = await pair();
    fromSender.channel.trigger("client-typing", { username: "<script>", text: "anything" });
    expect(await waitFor(() => atPartner.heard[0])).toEqual({
      event: "client-typing",
      data: { username: sender.username },
    });
    expect(fromSender.heard).toEqual([]);
  });

  it("delivers no client event but client-typing", async () => {
    const { fromSender, atPartner } = await pair();
    fromSender.channel.trigger("client-message", { text: "meet me outside" });
    // The server relays one socket's events in order: anything sent before the typing would arrive before it.
    fromSender.channel.trigger("client-typing", {});
    await waitFor(() => atPartner.heard[0], 3_000, "the typing");
    expect(atPartner.heard.map((heard) => heard.event)).toEqual(["client-typing"]);
    expect(fromSender.errors[0]?.data?.message).toBe("Only client-typing is accepted from clients");
  });

  it("delivers at most one client-typing a second from a socket", async () => {
    const { fromSender, atPartner } = await pair();
    fromSender.channel.trigger("client-typing", {});
    fromSender.channel.trigger("client-typing", {});
    await pause(1_100);
    fromSender.channel.trigger("client-typing", {});
    await waitFor(() => atPartner.heard.length >= 2, 3_000, "the typing after a second");
    await pause(200);
    expect(atPartner.heard).toHaveLength(2);
    expect(fromSender.errors.map((error) => error.data?.code)).toEqual([4301]);
  });
});
