import { randomUUID } from "node:crypto";
import type Pusher from "pusher-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest } from "../test/factories";
import { createFictionalProfile, memberWritesTo, signedInStaff } from "../test/operator-factories";
import { memberPusherClient, pusherClient, subscribed, waitFor } from "../test/realtime-clients";
import { type ServerProcess, startServerProcess } from "../test/server-process";
import { startTestServer, type TestServer } from "../test/support";
import { usingServices } from "./fault-support";
import { type PrivatePostgres, type PrivateRedis, startPrivatePostgres, startPrivateRedis } from "./private-services";
import { startTcpBalancer, type TcpBalancer } from "./tcp-balancer";

const PRESENCE_TTL_MS = "3000";

/**
 * One of two server processes killed with SIGKILL while messages are
 * being delivered. Its clients reconnect (through the balancer) to the other,
 * resubscribe, and fetch what they missed; presence drops the dead process's
 * members. A third, in-test server on the same database and Redis writes the
 * messages, as any process behind the balancer would.
 */
describe("a server process killed during delivery", () => {
  let postgres: PrivatePostgres;
  let redis: PrivateRedis;
  let writer: TestServer;
  let processA: ServerProcess;
  let processB: ServerProcess;
  let balancer: TcpBalancer;
  let restoreEnvironment: () => void;
  const clients: Pusher[] = [];

  beforeAll(async () => {
    [postgres, redis] = await Promise.all([startPrivatePostgres(), startPrivateRedis()]);
    restoreEnvironment = usingServices({ databaseUrl: postgres.url, redisUrl: redis.url });
    writer = await startTestServer({ API_RATE_LIMIT: "1000000" });
    const { config } = writer.context;
    const shared = {
      DATABASE_URL: config.databaseUrl ?? "",
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: config.redisKeyPrefix,
      SITE_KEYS: config.siteKeys.join(","),
      // A killed process's presence entries expire after this (production: 15 s); the survivors look every third.
      REALTIME_PRESENCE_TTL_MS: PRESENCE_TTL_MS,
    };
    [processA, processB] = await Promise.all([startServerProcess(shared), startServerProcess(shared)]);
    balancer = await startTcpBalancer([processA.port, processB.port]);
  }, 180_000);
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await balancer?.close();
    await Promise.all([processA?.stop(), processB?.stop()]);
    await writer?.stop().catch(() => {});
    restoreEnvironment?.();
    await Promise.all([redis?.destroy(), postgres?.destroy()]);
  });

  it("reconnects its clients to the other process, which resubscribe and fetch what they missed", async () => {
    const profile = await createFictionalProfile(writer);
    const { member, conversationUuid } = await memberWritesTo(writer, profile, "Still awake?");
    const operator = await signedInStaff(writer);
    const lock = await writer.request(`/api/operator/conversations/${conversationUuid}/lock`, {
      method: "POST",
      headers: operator.auth,
    });
    expect(lock.status).toBeLessThan(300);
    const answer = async (text: string) => {
      const response = await writer.request(
        `/api/operator/conversations/${conversationUuid}/messages`,
        jsonRequest("POST", { type: "text", text, client_id: randomUUID(), keep_lock: true }, operator.auth),
      );
      expect(response.status).toBe(201);
      return ((await response.json()) as { data: { message: { id: number } } }).data.message.id;
    };

    // The member's browser, through the balancer: it lands on process A.
    const client = memberPusherClient(writer, member.auth, balancer.port);
    clients.push(client);
    const subscriptions: number[] = [];
    const channel = client.subscribe(`private-conversation.${conversationUuid}`);
    channel.bind("pusher:subscription_succeeded", () => subscriptions.push(Date.now()));
    const live: Array<{ id: number; text?: string }> = [];
    channel.bind("message.created", (message: { id: number; text?: string }) => live.push(message));
    await waitFor(() => subscriptions.length === 1, 10_000, "first subscription");
    const firstSocket = client.connection.socket_id;

    const ids = [await answer("one"), await answer("two")];
    await waitFor(() => live.length === 2, 10_000, "live delivery through process A");

    // A dies mid-conversation; messages keep coming while the client finds its way to B.
    await processA.stop("SIGKILL");
    for (const text of ["three", "four", "five"]) ids.push(await answer(text));
    await waitFor(() => subscriptions.length === 2, 20_000, "resubscription through process B");
    expect(client.connection.socket_id).not.toBe(firstSocket);

    // What the client does after resubscribing (use-thread's catch-up): everything after the last it saw.
    const lastSeen = Math.max(...live.map((message) => message.id));
    const history = await writer.request(
      `/api/user-conversations/${conversationUuid}/messages?after=${lastSeen}&limit=100`,
      { headers: member.auth },
    );
    expect(history.status).toBe(200);
    const fetched = ((await history.json()) as { data: Array<{ id: number }> }).data;
    const seen = new Set([...live.map((message) => message.id), ...fetched.map((message) => message.id)]);
    for (const id of ids) expect(seen.has(id)).toBe(true);

    // And live delivery goes on through B.
    const after = await answer("six");
    await waitFor(() => live.some((message) => message.id === after), 10_000, "live delivery through process B");
  });

  it("drops the members the dead process held from presence", async () => {
    const config = writer.context.config;
    // Process A is gone; B takes a fresh one's place as the victim, with A's role played by the writer's server.
    const victim = await startServerProcess({
      DATABASE_URL: config.databaseUrl ?? "",
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: config.redisKeyPrefix,
      SITE_KEYS: config.siteKeys.join(","),
      REALTIME_PRESENCE_TTL_MS: PRESENCE_TTL_MS,
    });
    try {
      const watcher = pusherClient(config, processB.port, { presenceUser: { id: "watcher" } });
      clients.push(watcher);
      const watched = await subscribed(watcher, "presence-faults.kill");
      const added: string[] = [];
      const removed: string[] = [];
      watched.bind("pusher:member_added", (entry: { id: string }) => added.push(entry.id));
      watched.bind("pusher:member_removed", (entry: { id: string }) => removed.push(entry.id));
      const doomed = pusherClient(config, victim.port, { presenceUser: { id: "doomed" } });
      clients.push(doomed);
      await subscribed(doomed, "presence-faults.kill");
      await waitFor(() => added.includes("doomed"), 10_000, "the member joining");

      await victim.stop("SIGKILL");
      await waitFor(() => removed.includes("doomed"), 40_000, "the dead process's member leaving");
      expect(removed).toEqual(["doomed"]);
    } finally {
      await victim.stop("SIGKILL");
    }
  });
});
