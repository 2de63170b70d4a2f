import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type Pusher from "pusher-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_FAILURES_PER_MINUTE } from "../modules/auth/login-service";
import { messages } from "../platform/db/schema/conversations";
import { jsonRequest, signedInMember } from "../test/factories";
import { createFictionalProfile, memberWritesTo, signedInStaff } from "../test/operator-factories";
import { memberPusherClient, subscribed, waitFor } from "../test/realtime-clients";
import { startTestServer, type TestServer } from "../test/support";
import { usingServices, waitUntil } from "./fault-support";
import { type PrivateRedis, startPrivateRedis } from "./private-services";

/**
 * Redis stopped and started under a running server. Sending still
 * stores messages; real-time delivery resumes; the sign-in throttle keeps
 * counting (in memory) rather than failing open; /api/health says degraded.
 */
describe("a Redis outage", () => {
  let redis: PrivateRedis;
  let server: TestServer;
  let restoreEnvironment: () => void;
  const clients: Pusher[] = [];

  beforeAll(async () => {
    redis = await startPrivateRedis();
    restoreEnvironment = usingServices({ redisUrl: redis.url });
    server = await startTestServer({ API_RATE_LIMIT: "1000000", MESSAGE_RATE_LIMIT: "1000000" });
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await server?.stop().catch(() => {});
    restoreEnvironment?.();
    await redis?.destroy();
  });

  const health = async () => (await (await server.request("/api/health")).json()) as { status: string; redis: string };

  it("keeps storing messages, throttles sign-in in memory, reports degraded, and delivers again once Redis is back", async () => {
    expect(await health()).toMatchObject({ status: "ok", redis: "ok" });
    const profile = await createFictionalProfile(server);
    const { member, conversationUuid } = await memberWritesTo(server, profile, "Still there?");
    const operator = await signedInStaff(server);
    const client = memberPusherClient(server, member.auth);
    clients.push(client);
    const channel = await subscribed(client, `private-conversation.${conversationUuid}`);
    const live: Array<{ text?: string }> = [];
    channel.bind("message.created", (message: { text?: string }) => live.push(message));
    const answer = async (text: string) => {
      expect(
        (
          await server.request(`/api/operator/conversations/${conversationUuid}/lock`, {
            method: "POST",
            headers: operator.auth,
          })
        ).status,
      ).toBeLessThan(300);
      const response = await server.request(
        `/api/operator/conversations/${conversationUuid}/messages`,
        jsonRequest("POST", { type: "text", text, client_id: randomUUID() }, operator.auth),
      );
      expect(response.status).toBe(201);
    };

    await redis.kill();
    await waitUntil(async () => (await health()).redis === "down", 10_000);
    expect(await health()).toMatchObject({ status: "degraded", redis: "down" });

    // Sending goes on: the message is stored (and charged) as usual.
    const clientId = randomUUID();
    const sent = await server.request(
      `/api/profiles/${profile.uuid}/messages`,
      jsonRequest("POST", { type: "text", text: "Anyone?", client_id: clientId }, member.auth),
    );
    expect(sent.status).toBe(201);
    const stored = await server.context.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.fromId, member.id), eq(messages.clientId, clientId)));
    expect(stored).toHaveLength(1);
    // The operator's answer is stored, and this process's own sockets still get it.
    await answer("Right here, even now.");
    await waitFor(() => live.some((message) => message.text === "Right here, even now."), 5_000, "local delivery");

    // The sign-in throttle keeps counting: after the allowed failures the next attempt is refused.
    const target = await signedInMember(server);
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= LOGIN_FAILURES_PER_MINUTE; attempt++) {
      const response = await server.request(
        "/api/login",
        jsonRequest("POST", { email: target.email, password: "wrong-password-123" }),
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, LOGIN_FAILURES_PER_MINUTE)).toEqual(Array(LOGIN_FAILURES_PER_MINUTE).fill(422));
    expect(statuses.at(-1)).toBe(429);
    const correct = await server.request(
      "/api/login",
      jsonRequest("POST", { email: target.email, password: target.password }),
    );
    expect(correct.status).toBe(429);

    await redis.start();
    await waitUntil(async () => (await health()).status === "ok", 20_000);
    await answer("And after the outage.");
    await waitFor(() => live.some((message) => message.text === "And after the outage."), 10_000, "delivery after");
  }, 120_000);
});
