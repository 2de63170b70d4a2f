import { realtimeCloseCodes } from "@velvet/shared/realtime/events";
import { eq } from "drizzle-orm";
import type Pusher from "pusher-js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../platform/db/schema/members";
import { jsonRequest, signedInMember, signIn } from "../../test/factories";
import { memberPusherClient, subscribed, waitFor } from "../../test/realtime-clients";
import { startTestServer, type TestServer } from "../../test/support";
import { createEmailToken } from "../auth";

type Member = Awaited<ReturnType<typeof signedInMember>>;

/**
 * "sessions that end everywhere": every flow that ends a member's
 * sessions closes their real-time connections at once, with a code pusher-js
 * does not reconnect on (4010, and 4009 for a suspension), and the closed
 * socket is dropped from its channels so nothing more reaches it. The same
 * across two processes: member-connections-across-processes.test.ts.
 */
describe("closing a member's real-time connections", () => {
  let server: TestServer;
  const clients: Pusher[] = [];

  beforeAll(async () => {
    server = await startTestServer({ API_RATE_LIMIT: "100000" });
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
  });
  afterAll(() => server.stop());

  /** pusher-js as the web app opens it: the member's notifications channel, authorised with their token. */
  async function openSocket(member: { uuid: string }, auth: Record<string, string>) {
    const client = memberPusherClient(server, auth);
    clients.push(client);
    const closeCodes: number[] = [];
    client.connection.bind("error", (error: { data?: { code?: number } }) => {
      if (error.data?.code) closeCodes.push(error.data.code);
    });
    const channel = `private-notifications.user.${member.uuid}`;
    await subscribed(client, channel);
    return {
      client,
      channel,
      closedWith: async () => {
        const code = await waitFor(() => closeCodes[0], 3_000, "the socket's close code");
        // pusher-js treats the code as refused: it does not reconnect on its own.
        await waitFor(() => client.connection.state === "disconnected", 3_000, "pusher-js to give up");
        return code;
      },
    };
  }

  const subscribersOf = (channel: string) => server.realtime.subscriptions.localSubscribers(channel).size;

  it("signing out closes that session's sockets with 4010 and leaves the member's other sessions open", async () => {
    const member = await signedInMember(server);
    const other = await signIn(server, member.email ?? "", member.password);
    const leaving = await openSocket(member, member.auth);
    const staying = await openSocket(member, other.authorization);
    expect(subscribersOf(leaving.channel)).toBe(2);

    expect((await server.request("/api/logout", jsonRequest("POST", undefined, member.auth))).status).toBe(200);
    expect(await leaving.closedWith()).toBe(realtimeCloseCodes.sessionEnded);
    expect(subscribersOf(leaving.channel)).toBe(1);
    expect(staying.client.connection.state).toBe("connected");
  });

  const everySessionEnds: Array<[string, (member: Member) => Promise<Response>]> = [
    [
      "changing the password",
      (member) =>
        server.request(
          "/api/account/password",
          jsonRequest(
            "PUT",
            {
              current_password: member.password,
              password: "a-brand-new-secret-91",
              password_confirmation: "a-brand-new-secret-91",
            },
            member.auth,
          ),
        ),
    ],
    [
      "resetting the password",
      async (member) => {
        const token = await createEmailToken(
          server.context.database.db,
          member.id,
          "reset_password",
          member.email ?? "",
        );
        return server.request(
          "/api/password/reset",
          jsonRequest("POST", {
            token,
            email: member.email,
            password: "a-brand-new-secret-92",
            password_confirmation: "a-brand-new-secret-92",
          }),
        );
      },
    ],
    [
      "confirming a new email address",
      async (member) => {
        const address = `moved-${member.uuid.slice(0, 8)}@example.com`;
        const { db } = server.context.database;
        await db.update(users).set({ pendingEmail: address }).where(eq(users.id, member.id));
        const token = await createEmailToken(db, member.id, "verify_email", address);
        return server.request("/api/email/verify", jsonRequest("POST", { token }));
      },
    ],
    [
      "deactivating the account",
      (member) => server.request("/api/account/deactivate", jsonRequest("POST", undefined, member.auth)),
    ],
    [
      "deleting the account",
      (member) => server.request("/api/account", jsonRequest("DELETE", { password: member.password }, member.auth)),
    ],
  ];

  it.each(everySessionEnds)("%s closes every socket of the member with 4010", async (_flow, act) => {
    const member = await signedInMember(server);
    const second = await signIn(server, member.email ?? "", member.password);
    const sockets = [await openSocket(member, member.auth), await openSocket(member, second.authorization)];
    const bystander = await signedInMember(server);
    const unrelated = await openSocket(bystander, bystander.auth);

    const response = await act(member);
    expect(response.status).toBeLessThan(300);
    for (const socket of sockets) expect(await socket.closedWith()).toBe(realtimeCloseCodes.sessionEnded);
    expect(subscribersOf(sockets[0]?.channel ?? "")).toBe(0);
    expect(unrelated.client.connection.state).toBe("connected");
  });

  it("suspension closes the member's sockets with 4009, and the closed socket is out of its channels at once", async () => {
    const admin = await signedInMember(server, { roles: ["admin"] });
    const member = await signedInMember(server);
    const socket = await openSocket(member, member.auth);
    const suspended = await server.request(
      `/api/admin/members/${member.uuid}/suspend`,
      jsonRequest("POST", { reason: "Spam in every conversation" }, admin.auth),
    );
    expect(suspended.status).toBe(200);
    // Dropped from the channel before the answer went out: an event published now reaches no one.
    expect(subscribersOf(socket.channel)).toBe(0);
    expect(await socket.closedWith()).toBe(realtimeCloseCodes.unauthorizedConnection);
  });
});
