import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { realtimeChannels, realtimeEvents } from "@velvet/shared/realtime/events";
import { eq, inArray } from "drizzle-orm";
import type Pusher from "pusher-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findLedgerMismatches } from "../modules/ledger/ledger";
import { findPaymentMismatches } from "../modules/payments/payment-check";
import { conversations, messages } from "../platform/db/schema/conversations";
import { repoRoot } from "../platform/paths";
import { giveCredits, jsonRequest, signedInMember } from "../test/factories";
import { memberPusherClient, subscribed, waitFor } from "../test/realtime-clients";
import { freePort, type ServerProcess, startServerProcess } from "../test/server-process";
import { startTestServer, TEST_SITE_KEY, type TestServer } from "../test/support";
import { usingServices, waitUntil } from "./fault-support";
import { type PrivateHaproxy, serverIsUp, startHaproxy } from "./haproxy";
import { type PrivatePostgres, type PrivateRedis, startPrivatePostgres, startPrivateRedis } from "./private-services";

const MEMBERS = 50;
const APP_URL = "http://localhost:3996";

type Member = Awaited<ReturnType<typeof signedInMember>>;
interface Pair {
  conversationUuid: string;
  members: [Member, Member];
}

/**
 * Two processes behind HAProxy (the repository's deploy/haproxy.cfg) with PostgreSQL and Redis, restarted
 * one after the other (SIGTERM, wait until it is back, then the other) while 50 members send and receive. No send
 * answers an error, no message is lost or stored twice, every client reconnects and catches up, presence is right
 * afterwards and the books balance.
 */
describe("a rolling restart behind HAProxy", () => {
  let postgres: PrivatePostgres;
  let redis: PrivateRedis;
  let writer: TestServer;
  let haproxy: PrivateHaproxy;
  const processes: Record<"velvet1" | "velvet2", { port: number; running?: ServerProcess }> = {
    velvet1: { port: 0 },
    velvet2: { port: 0 },
  };
  let shared: Record<string, string> = {};
  let restoreEnvironment: () => void;
  const clients: Pusher[] = [];

  beforeAll(async () => {
    [postgres, redis] = await Promise.all([startPrivatePostgres(), startPrivateRedis()]);
    restoreEnvironment = usingServices({ databaseUrl: postgres.url, redisUrl: redis.url });
    // In the test's own process: the factories write members and credits, and its channel directory reads presence.
    // One APP_URL for all: it is the issuer of the members' tokens, which every process must accept.
    writer = await startTestServer({ API_RATE_LIMIT: "1000000", MESSAGE_RATE_LIMIT: "1000000", APP_URL });
    const { config } = writer.context;
    shared = {
      DATABASE_URL: config.databaseUrl ?? "",
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: config.redisKeyPrefix,
      SITE_KEYS: config.siteKeys.join(","),
      APP_URL,
      API_RATE_LIMIT: "1000000",
      MESSAGE_RATE_LIMIT: "1000000",
      TRUST_PROXY: "1",
      REALTIME_PRESENCE_TTL_MS: "3000",
    };
    processes.velvet1.port = await freePort();
    processes.velvet2.port = await freePort();
    [processes.velvet1.running, processes.velvet2.running] = await Promise.all([
      startServerProcess({ ...shared, PORT: String(processes.velvet1.port) }),
      startServerProcess({ ...shared, PORT: String(processes.velvet2.port) }),
    ]);
    haproxy = await startHaproxy([processes.velvet1.port, processes.velvet2.port]);
    await waitUntil(
      async () => (await serverIsUp(haproxy, "velvet1")) && (await serverIsUp(haproxy, "velvet2")),
      20_000,
    );
  }, 240_000);
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await haproxy?.close();
    await Promise.all(Object.values(processes).map((entry) => entry.running?.stop()));
    await writer?.stop().catch(() => {});
    restoreEnvironment?.();
    await Promise.all([redis?.destroy(), postgres?.destroy()]);
  });

  /** Through HAProxy, as a browser would reach the site. */
  const call = (path: string, init: RequestInit & { auth: Record<string, string> }) =>
    fetch(`${haproxy.url}${path}`, {
      ...init,
      headers: { "Content-Type": "application/json", "X-Site-Key": TEST_SITE_KEY, ...init.auth },
    });

  /** SIGTERM one process, wait for it to exit, start it again on its port, wait until HAProxy counts it up. */
  async function restart(name: "velvet1" | "velvet2") {
    const entry = processes[name];
    const code = await entry.running?.stop("SIGTERM");
    expect(code).toBe(0);
    entry.running = await startServerProcess({ ...shared, PORT: String(entry.port) });
    await waitUntil(() => serverIsUp(haproxy, name), 20_000);
  }

  // A client keeps an idle connection only while HAProxy still does. With the app's own Keep-Alive passed through
  // (Node's 72 s against HAProxy's 10), a send on a connection HAProxy was closing failed with "other side closed".
  it("tells clients to drop an idle connection before HAProxy closes it", async () => {
    const deployed = await readFile(path.join(repoRoot, "deploy/haproxy.cfg"), "utf8");
    const proxyIdleSeconds = Number(/^\s*timeout http-keep-alive (\d+)s$/m.exec(deployed)?.[1]);
    expect(proxyIdleSeconds).toBeGreaterThan(0);
    const response = await fetch(`${haproxy.url}/api/health`);
    await response.arrayBuffer();
    const advertised = Number(/timeout=(\d+)/.exec(response.headers.get("keep-alive") ?? "")?.[1]);
    expect(advertised).toBeGreaterThan(0);
    expect(advertised).toBeLessThan(proxyIdleSeconds);
  });

  it("answers every send, loses and doubles nothing, and every client catches up", async () => {
    const members = await Promise.all(Array.from({ length: MEMBERS }, () => signedInMember(writer)));
    for (const member of members) await giveCredits(writer, member, 1_000);
    const pairs: Pair[] = [];
    for (let index = 0; index < MEMBERS; index += 2) {
      const [first, second] = [members[index] as Member, members[index + 1] as Member];
      const opened = await writer.request(
        `/api/profiles/${second.uuid}/messages`,
        jsonRequest("POST", { type: "text", text: "Hello there", client_id: randomUUID() }, first.auth),
      );
      expect(opened.status).toBe(201);
      const { data } = (await opened.json()) as { data: { conversation: string } };
      pairs.push({ conversationUuid: data.conversation, members: [first, second] });
    }

    // Each member's browser: a socket through HAProxy on its conversation and notifications channels; every
    // message heard live is kept, and after each resubscription the client fetches what came after the last one.
    const seen = new Map<string, Set<number>>();
    const catchUps: Promise<void>[] = [];
    // As the web app's catch-up (use-thread.ts): everything after the newest message it has, then the newest page
    // again, for a message whose lower id committed while the socket was away.
    const history = async (member: Member, conversationUuid: string, query: string) => {
      const response = await call(`/api/user-conversations/${conversationUuid}/messages?${query}`, {
        auth: member.auth,
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { data: Array<{ id: number }>; meta: { has_more: boolean } };
    };
    const catchUp = async (member: Member, conversationUuid: string, known: Set<number>) => {
      for (;;) {
        const page = await history(member, conversationUuid, `after=${Math.max(0, ...known)}&limit=100`);
        for (const message of page.data) known.add(message.id);
        if (!page.meta.has_more) break;
      }
      for (const message of (await history(member, conversationUuid, "limit=100")).data) known.add(message.id);
    };
    await Promise.all(
      pairs.flatMap((pair) =>
        pair.members.map(async (member) => {
          const known = new Set<number>();
          seen.set(member.uuid, known);
          const client = memberPusherClient(writer, member.auth, haproxy.port);
          clients.push(client);
          const conversation = await subscribed(client, realtimeChannels.conversation(pair.conversationUuid));
          await subscribed(client, realtimeChannels.notifications(member.uuid));
          conversation.bind(realtimeEvents.messageCreated, (message: { id: number }) => known.add(message.id));
          // Reconnected, pusher-js subscribes again by itself; once it has, what was said meanwhile comes from the
          // history (asked after the subscription, so nothing falls between the two), as the web app does.
          conversation.bind("pusher:subscription_succeeded", () => {
            catchUps.push(catchUp(member, pair.conversationUuid, known));
          });
          await catchUp(member, pair.conversationUuid, known);
        }),
      ),
    );

    // Every member writes to their partner every 300-700 ms through HAProxy until told to stop.
    const sends: Array<{ member: Member; clientId: string; status: number | string }> = [];
    let sending = true;
    const loops = pairs.flatMap((pair) =>
      pair.members.map(async (member, side) => {
        const partner = pair.members[1 - side] as Member;
        while (sending) {
          const clientId = randomUUID();
          const response = await call(`/api/profiles/${partner.uuid}/messages`, {
            method: "POST",
            auth: member.auth,
            body: JSON.stringify({ type: "text", text: `Still there? ${clientId}`, client_id: clientId }),
          }).catch(
            (error: Error) => `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ""}`,
          );
          // A failure without an answer is kept with its cause, so a red run says what happened on the wire.
          sends.push({ member, clientId, status: typeof response === "string" ? response : response.status });
          await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 400));
        }
      }),
    );

    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await restart("velvet1");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await restart("velvet2");
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    sending = false;
    await Promise.all(loops);

    // Every send answered 201: HAProxy sent what a stopping process refused to the other one.
    expect(sends.length).toBeGreaterThan(MEMBERS * 10);
    expect(sends.filter((send) => send.status !== 201).map((send) => send.status)).toEqual([]);

    // Each message stored exactly once.
    const { db } = writer.context.database;
    const stored = await db
      .select({ id: messages.id, clientId: messages.clientId, conversationUuid: conversations.uuid })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(
        inArray(
          messages.fromId,
          members.map((member) => member.id),
        ),
      );
    const byClientId = new Map<string, number>();
    for (const row of stored) if (row.clientId) byClientId.set(row.clientId, (byClientId.get(row.clientId) ?? 0) + 1);
    for (const send of sends) expect(byClientId.get(send.clientId), send.clientId).toBe(1);
    expect(stored).toHaveLength(sends.length + pairs.length);

    // Every client is connected again and has every message of its conversation, live or caught up.
    await waitFor(() => clients.every((client) => client.connection.state === "connected"), 15_000, "reconnected");
    await Promise.all(catchUps);
    for (const pair of pairs) {
      const expected = stored.filter((row) => row.conversationUuid === pair.conversationUuid).map((row) => row.id);
      for (const member of pair.members) {
        const known = seen.get(member.uuid) ?? new Set<number>();
        expect(
          expected.filter((id) => !known.has(id)),
          member.username,
        ).toEqual([]);
      }
    }

    // Presence: each member counted on exactly one live connection, none left over from a stopped process.
    await waitUntil(async () => {
      const counts = await writer.realtime.directory.counts();
      return members.every((member) => counts.get(realtimeChannels.notifications(member.uuid)) === 1);
    }, 15_000);

    expect(await findLedgerMismatches(db)).toEqual([]);
    expect(await findPaymentMismatches(db)).toEqual([]);
  }, 240_000);
});
