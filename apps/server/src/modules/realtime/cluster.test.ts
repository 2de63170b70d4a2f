import { randomBytes } from "node:crypto";
import type Pusher from "pusher-js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../platform/config";
import { pusherClient, pusherPublisher, subscribed, waitFor } from "../../test/realtime-clients";
import { type ServerProcess, startServerProcess } from "../../test/server-process";

/** Two server processes joined by Redis: run whenever REDIS_URL is set (CI's second pass). */
describe.runIf(process.env.REDIS_URL)("real time across two processes joined by Redis", () => {
  const prefix = `velvet-cluster-${randomBytes(4).toString("hex")}:`;
  const config = loadConfig({ NODE_ENV: "test" });
  let processA: ServerProcess;
  let processB: ServerProcess;
  const clients: Pusher[] = [];
  const clientOn = (server: ServerProcess, options: Parameters<typeof pusherClient>[2] = {}) => {
    const client = pusherClient(config, server.port, options);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    // A killed process's members drop when their presence entries expire: 3 s here instead of production's 15 s,
    // still three refreshes (one a second) that a live process must miss before its members would.
    const env = { REDIS_URL: process.env.REDIS_URL ?? "", REDIS_KEY_PREFIX: prefix, REALTIME_PRESENCE_TTL_MS: "3000" };
    [processA, processB] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 120_000);
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
  });
  afterAll(async () => {
    await Promise.all([processA?.stop(), processB?.stop()]);
  });

  it("delivers an event published on process A to a subscriber on process B", async () => {
    const listener = clientOn(processB);
    const channel = await subscribed(listener, "private-cluster.1");
    const received: unknown[] = [];
    channel.bind("hello", (data: unknown) => received.push(data));
    await pusherPublisher(config, processA.port).trigger("private-cluster.1", "hello", { from: "A" });
    expect(await waitFor(() => received[0])).toEqual({ from: "A" });
  });

  it("announces a user once across tabs on both processes, and removes them after their last tab", async () => {
    const watcher = clientOn(processA, { presenceUser: { id: "watcher" } });
    const watcherChannel = await subscribed(watcher, "presence-cluster.party");
    const added: string[] = [];
    const removed: string[] = [];
    watcherChannel.bind("pusher:member_added", (member: { id: string }) => added.push(member.id));
    watcherChannel.bind("pusher:member_removed", (member: { id: string }) => removed.push(member.id));

    const tabOnA = clientOn(processA, { presenceUser: { id: "alice" } });
    const tabOnB = clientOn(processB, { presenceUser: { id: "alice" } });
    await subscribed(tabOnA, "presence-cluster.party");
    const aliceOnB = await subscribed(tabOnB, "presence-cluster.party");
    expect((aliceOnB as unknown as { members: { count: number } }).members.count).toBe(2);
    await waitFor(() => added.includes("alice"));

    tabOnA.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(removed).toEqual([]);
    tabOnB.disconnect();
    await waitFor(() => removed.includes("alice"), 5_000, "member_removed");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(added).toEqual(["alice"]);
    expect(removed).toEqual(["alice"]);
  });

  it("drops the members of a process killed with SIGKILL", async () => {
    const watcher = clientOn(processA, { presenceUser: { id: "watcher-2" } });
    const watcherChannel = await subscribed(watcher, "presence-cluster.kill");
    const removed: string[] = [];
    const added: string[] = [];
    watcherChannel.bind("pusher:member_removed", (member: { id: string }) => removed.push(member.id));
    watcherChannel.bind("pusher:member_added", (member: { id: string }) => added.push(member.id));
    const doomed = clientOn(processB, { presenceUser: { id: "bob" } });
    await subscribed(doomed, "presence-cluster.kill");
    await waitFor(() => added.includes("bob"));

    await processB.stop("SIGKILL");
    await waitFor(() => removed.includes("bob"), 30_000, "removal of the dead process's member");
    expect(removed).toEqual(["bob"]);
  }, 60_000);
});
