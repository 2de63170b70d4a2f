import { apiHeaders } from "@velvet/shared/api/headers";
import { realtimeCloseCodes } from "@velvet/shared/realtime/events";
import { eq } from "drizzle-orm";
import type Pusher from "pusher-js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../platform/db/client";
import { users } from "../../platform/db/schema/members";
import { memberSignedInOn } from "../../test/process-members";
import { subscribed, waitFor } from "../../test/realtime-clients";
import type { ServerProcess } from "../../test/server-process";
import { memberPusherClientOn, startTwoProcesses, type TwoProcesses } from "../../test/two-processes";

const SITE_KEY = "sockets-site-key";

/**
 * Sessions that end everywhere, across two processes sharing PostgreSQL and joined by Redis: the
 * member's socket is held by process B while every HTTP request (the channel
 * authorisation, the sign-out, the suspension) goes to process A. B closes the
 * socket within a second. Runs in CI's PostgreSQL and Redis pass.
 */
describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)("closing sockets held by another process", () => {
  let site: TwoProcesses;
  let db: Database;
  let processA: ServerProcess;
  let processB: ServerProcess;
  const clients: Pusher[] = [];

  beforeAll(async () => {
    site = await startTwoProcesses({ label: "sockets", siteKey: SITE_KEY, appUrl: "http://localhost:3997" });
    ({ processA, processB, db } = site);
  }, 120_000);
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
  });
  afterAll(() => site?.stop());

  const post = (path: string, token: string, body?: unknown) =>
    fetch(`${processA.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}`, [apiHeaders.siteKey]: SITE_KEY },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  /** A socket on process B whose channel is authorised through process A. */
  async function socketOnB(member: { uuid: string; token: string }) {
    const client = memberPusherClientOn(processA, member.token, SITE_KEY, processB);
    clients.push(client);
    const closeCodes: number[] = [];
    client.connection.bind("error", (error: { data?: { code?: number } }) => {
      if (error.data?.code) closeCodes.push(error.data.code);
    });
    await subscribed(client, `private-notifications.user.${member.uuid}`);
    return { client, closedWithin: (ms: number) => waitFor(() => closeCodes[0], ms, "the close code from process B") };
  }

  const member = () => memberSignedInOn(db, processA, { siteKey: SITE_KEY, label: "sockets" });

  it("signing out through A closes the session's socket on B with 4010 within a second", async () => {
    const someone = await member();
    const socket = await socketOnB(someone);
    expect((await post("/api/logout", someone.token)).status).toBe(200);
    expect(await socket.closedWithin(1_000)).toBe(realtimeCloseCodes.sessionEnded);
    await waitFor(() => socket.client.connection.state === "disconnected", 2_000, "pusher-js to stay away");
  });

  it("suspending through A closes the member's socket on B with 4009 within a second", async () => {
    const [admin, suspect] = await Promise.all([member(), member()]);
    await db.db
      .update(users)
      .set({ roles: ["admin"] })
      .where(eq(users.id, admin.id));
    const socket = await socketOnB(suspect);
    const bystander = await socketOnB(await member());
    const response = await post(`/api/admin/members/${suspect.uuid}/suspend`, admin.token, { reason: "Spam" });
    expect(response.status).toBe(200);
    expect(await socket.closedWithin(1_000)).toBe(realtimeCloseCodes.unauthorizedConnection);
    expect(bystander.client.connection.state).toBe("connected");
  });
});
