import { eq } from "drizzle-orm";
import type Pusher from "pusher-js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { realtimeOutbox } from "../../platform/db/schema/realtime";
import { createLogger } from "../../platform/logging/logger";
import { connected, portOf, pusherClient, subscribed, waitFor } from "../../test/realtime-clients";
import { openTestDatabase, startTestServer, type TestServer } from "../../test/support";
import type { Broadcaster } from "./broadcaster";
import { OutboxDispatcher, recordRealtimeEvent } from "./outbox";

describe("real-time events after commit", () => {
  let server: TestServer;
  const clients: Pusher[] = [];
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
  });
  afterAll(() => server.stop());

  it("delivers an event recorded in a transaction only once it commits, and never one that rolled back", async () => {
    const client = pusherClient(server.context.config, portOf(server.url));
    clients.push(client);
    const channel = await subscribed(client, "private-credits.user.00000000-0000-4000-8000-000000000001");
    const received: unknown[] = [];
    channel.bind("CreditsEarned", (data: unknown) => received.push(data));
    const { db } = server.context.database;

    await db
      .transaction(async (tx) => {
        await recordRealtimeEvent(
          tx,
          "private-credits.user.00000000-0000-4000-8000-000000000001",
          "CreditsEarned",
          {
            credits: 5,
            balance: 5,
          },
          [],
        );
        throw new Error("rolled back");
      })
      .catch(() => {});
    await db.transaction(async (tx) => {
      await recordRealtimeEvent(
        tx,
        "private-credits.user.00000000-0000-4000-8000-000000000001",
        "CreditsEarned",
        {
          credits: 10,
          balance: 10,
        },
        [],
      );
    });
    server.context.realtimeEvents.kick();
    expect(await waitFor(() => received[0])).toEqual({ credits: 10, balance: 10 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received).toEqual([{ credits: 10, balance: 10 }]);
  });

  it("reconnects after a graceful shutdown and resubscribes by itself", async () => {
    const port = portOf(server.url);
    const client = pusherClient(server.context.config, port);
    clients.push(client);
    await subscribed(client, "lobby-restart");
    await connected(client);
    await server.stop();
    server = await startTestServer({ PORT: String(port) });
    expect(portOf(server.url)).toBe(port);
    const received: unknown[] = [];
    client.channel("lobby-restart").bind("after", (data: unknown) => received.push(data));
    // pusher-js's first retry hits the closed port; it tries again about 15 s later (measured), whatever its
    // unavailableTimeout.
    await waitFor(
      () => client.connection.state === "connected" && client.channel("lobby-restart").subscribed,
      30_000,
      "resubscribe",
    );

    const { pusherPublisher } = await import("../../test/realtime-clients");
    await pusherPublisher(server.context.config, port).trigger("lobby-restart", "after", { ok: true });
    expect(await waitFor(() => received[0])).toEqual({ ok: true });
  });
});

describe("outbox delivery at start", () => {
  it("delivers rows left undelivered by a crash, in order, once", async () => {
    const { database, close } = await openTestDatabase("outbox");
    try {
      await database.db.insert(realtimeOutbox).values([
        { channel: "private-a", event: "first", payload: { n: 1 } },
        { channel: "private-a", event: "second", payload: { n: 2 } },
      ]);
      const sent: string[] = [];
      const broadcaster: Broadcaster = { publish: async (_channel, event) => void sent.push(event) };
      const dispatcher = new OutboxDispatcher(database.db, broadcaster, createLogger("silent"));
      await dispatcher.start();
      await dispatcher.stop();
      expect(sent).toEqual(["first", "second"]);
      const pending = await database.db.select().from(realtimeOutbox).where(eq(realtimeOutbox.event, "first"));
      expect(pending[0]?.deliveredAt).toBeInstanceOf(Date);
      await new OutboxDispatcher(database.db, broadcaster, createLogger("silent")).flush();
      expect(sent).toEqual(["first", "second"]);
    } finally {
      await close();
    }
  });

  it("keeps a row pending when delivery fails, and delivers it on the next round", async () => {
    const { database, close } = await openTestDatabase("outbox");
    try {
      await database.db.insert(realtimeOutbox).values({ channel: "private-b", event: "retry-me", payload: {} });
      let failing = true;
      const sent: string[] = [];
      const broadcaster: Broadcaster = {
        publish: async (_channel, event) => {
          if (failing) throw new Error("service down");
          sent.push(event);
        },
      };
      const dispatcher = new OutboxDispatcher(database.db, broadcaster, createLogger("silent"));
      await expect(dispatcher.flush()).rejects.toThrow("service down");
      failing = false;
      expect(await dispatcher.flush()).toBe(1);
      expect(sent).toEqual(["retry-me"]);
    } finally {
      await close();
    }
  });

  it("stops after the round it is in when stopped under a backlog, and the rest goes out on the next start", async () => {
    const { database, close } = await openTestDatabase("outbox");
    try {
      await database.db
        .insert(realtimeOutbox)
        .values(Array.from({ length: 250 }, (_, n) => ({ channel: "private-d", event: `e${n}`, payload: {} })));
      const sent: string[] = [];
      let dispatcher: OutboxDispatcher | undefined;
      let stopping: Promise<void> | undefined;
      const broadcaster: Broadcaster = {
        publish: async (_channel, event) => {
          sent.push(event);
          // SIGTERM arrives during the first round.
          stopping ??= dispatcher?.stop();
        },
      };
      dispatcher = new OutboxDispatcher(database.db, broadcaster, createLogger("silent"));
      expect(await dispatcher.flush()).toBe(100);
      await stopping;
      expect(sent).toHaveLength(100);

      const next = new OutboxDispatcher(database.db, broadcaster, createLogger("silent"));
      await next.start();
      await next.stop();
      expect(sent).toEqual(Array.from({ length: 250 }, (_, n) => `e${n}`));
    } finally {
      await close();
    }
  });

  it("prunes rows delivered more than a day ago, and keeps recent and pending ones", async () => {
    const { database, close } = await openTestDatabase("outbox");
    try {
      const now = new Date("2026-03-12T12:00:00Z");
      const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3600_000);
      await database.db.insert(realtimeOutbox).values([
        { channel: "private-c", event: "old", payload: {}, deliveredAt: hoursAgo(25) },
        { channel: "private-c", event: "recent", payload: {}, deliveredAt: hoursAgo(23) },
        { channel: "private-c", event: "pending", payload: {} },
      ]);
      const broadcaster: Broadcaster = { publish: async () => {} };
      const dispatcher = new OutboxDispatcher(database.db, broadcaster, createLogger("silent"));
      expect(await dispatcher.pruneDelivered(now)).toBe(1);
      const left = await database.db.select({ event: realtimeOutbox.event }).from(realtimeOutbox);
      expect(left.map((row) => row.event).sort()).toEqual(["pending", "recent"]);
    } finally {
      await close();
    }
  });
});
