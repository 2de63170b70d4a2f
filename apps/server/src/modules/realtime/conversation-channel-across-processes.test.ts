import { apiHeaders } from "@velvet/shared/api/headers";
import { realtimeChannels } from "@velvet/shared/realtime/events";
import type Pusher from "pusher-js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../platform/config";
import type { Database } from "../../platform/db/client";
import { memberSignedInOn } from "../../test/process-members";
import { pusherPublisher, subscribed, waitFor } from "../../test/realtime-clients";
import type { ServerProcess } from "../../test/server-process";
import { memberPusherClientOn, startTwoProcesses, type TwoProcesses } from "../../test/two-processes";
import { openConversation } from "../conversations";

const SITE_KEY = "conversation-channel-site-key";
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A conversation's two members on different processes sharing PostgreSQL and joined by Redis: every HTTP request
 * (the channel authorisations, the block) goes to process A, the blocked member's socket is held by process B.
 * Runs in CI's PostgreSQL and Redis pass.
 */
describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)("a conversation's channel across processes", () => {
  const config = loadConfig({ NODE_ENV: "test" });
  let site: TwoProcesses;
  let db: Database;
  let processA: ServerProcess;
  let processB: ServerProcess;
  const clients: Pusher[] = [];

  beforeAll(async () => {
    site = await startTwoProcesses({
      label: "conversation_channel",
      siteKey: SITE_KEY,
      appUrl: "http://localhost:3996",
    });
    ({ processA, processB, db } = site);
  }, 120_000);
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
  });
  afterAll(() => site?.stop());

  const member = () => memberSignedInOn(db, processA, { siteKey: SITE_KEY, label: "channel" });

  /** The member's socket on `holder`, its channel authorised through process A, and the events it hears. */
  async function listening(someone: { token: string }, holder: ServerProcess, channelName: string) {
    const client = memberPusherClientOn(processA, someone.token, SITE_KEY, holder);
    clients.push(client);
    const channel = await subscribed(client, channelName);
    const heard: Array<{ event: string; data: unknown }> = [];
    channel.bind_global((event: string, data: unknown) => {
      if (!event.startsWith("pusher")) heard.push({ event, data });
    });
    return { channel, heard };
  }

  async function conversation() {
    const [blocker, blocked] = await Promise.all([member(), member()]);
    const { uuid } = await openConversation(db.db, blocker.id, blocked.id);
    return { blocker, blocked, channelName: realtimeChannels.conversation(uuid) };
  }

  it("relays typing from a socket on B to A in the sender's own name, whatever its payload said", async () => {
    const { blocker, blocked, channelName } = await conversation();
    const onA = await listening(blocker, processA, channelName);
    const onB = await listening(blocked, processB, channelName);
    onB.channel.trigger("client-typing", { username: "<script>", text: "anything" });
    expect(await waitFor(() => onA.heard[0], 3_000, "typing on A")).toEqual({
      event: "client-typing",
      data: { username: blocked.username },
    });
    expect(onB.heard).toEqual([]);
  });

  it("a block through A takes the blocked member's socket on B off the channel at once", async () => {
    const { blocker, blocked, channelName } = await conversation();
    const onA = await listening(blocker, processA, channelName);
    const onB = await listening(blocked, processB, channelName);

    const response = await fetch(`${processA.url}/api/profiles/${blocked.uuid}/block`, {
      method: "POST",
      headers: { Authorization: `Bearer ${blocker.token}`, [apiHeaders.siteKey]: SITE_KEY },
    });
    expect(response.status).toBe(200);
    // Published through A, after the block on the same Redis connection: B hears the two in that order.
    await pusherPublisher(config, processA.port).trigger(channelName, "after-block", { n: 1 });
    await waitFor(() => onA.heard.find((heard) => heard.event === "after-block"), 3_000, "the blocker's copy");
    onB.channel.trigger("client-typing", {});
    await pause(500);
    expect(onB.heard).toEqual([]);
    expect(onA.heard.map((heard) => heard.event)).toEqual(["after-block"]);
  });
});
