import { randomUUID } from "node:crypto";
import { apiHeaders } from "@velvet/shared/api/headers";
import type Pusher from "pusher-js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../platform/db/client";
import { memberSignedInOn } from "../../test/process-members";
import { subscribed, waitFor } from "../../test/realtime-clients";
import type { ServerProcess } from "../../test/server-process";
import { memberPusherClientOn, startTwoProcesses, type TwoProcesses } from "../../test/two-processes";

const SITE_KEY = "reads-site-key";

/**
 * Two processes behind one site (shared PostgreSQL, joined by Redis): a change
 * made through one reaches the other's answers. Runs in CI's PostgreSQL and
 * Redis pass.
 */
describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)("conversation reads across two processes", () => {
  let site: TwoProcesses;
  let db: Database;
  let processA: ServerProcess;
  let processB: ServerProcess;
  const clients: Pusher[] = [];

  beforeAll(async () => {
    site = await startTwoProcesses({ label: "reads", siteKey: SITE_KEY, appUrl: "http://localhost:3998" });
    ({ processA, processB, db } = site);
  }, 120_000);
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
  });
  afterAll(() => site?.stop());

  const call = (via: ServerProcess, path: string, token: string, init: RequestInit = {}) =>
    fetch(`${via.url}${path}`, {
      ...init,
      headers: {
        "Content-Type": "application/json",
        Authorization: `Bearer ${token}`,
        [apiHeaders.siteKey]: SITE_KEY,
      },
    });

  const member = (credits: number) => memberSignedInOn(db, processA, { siteKey: SITE_KEY, label: "reads", credits });

  /** pusher-js on a process, authorizing with the member's token as the web app does. */
  function socketOn(via: ServerProcess, token: string) {
    const client = memberPusherClientOn(via, token, SITE_KEY);
    clients.push(client);
    return client;
  }

  it("shows a message sent through one process in the other's list by the time its event arrives there", async () => {
    const reader = await member(0);
    const writer = await member(20);
    const empty = await call(processA, "/api/user-conversations", reader.token);
    expect(((await empty.json()) as { data: unknown[] }).data).toEqual([]);

    const socket = socketOn(processA, reader.token);
    const notifications = await subscribed(socket, `private-notifications.user.${reader.uuid}`);
    const listsAtArrival: Array<Promise<Response>> = [];
    notifications.bind("UnreadMessagesCount", () => {
      listsAtArrival.push(call(processA, "/api/user-conversations", reader.token));
    });

    const sent = await call(processB, `/api/profiles/${reader.uuid}/messages`, writer.token, {
      method: "POST",
      body: JSON.stringify({ type: "text", text: "through the other door", client_id: randomUUID() }),
    });
    expect(sent.status).toBe(201);
    const conversation = ((await sent.json()) as { data: { conversation: string } }).data.conversation;

    const atArrival = await (await waitFor(() => listsAtArrival[0], 5_000, "the unread count on process A")).json();
    expect((atArrival as { data: Array<{ uuid: string }> }).data.map((item) => item.uuid)).toEqual([conversation]);
  });

  it("stops a session signed out through one process on the other's list at once", async () => {
    const someone = await member(0);
    expect((await call(processA, "/api/user-conversations", someone.token)).status).toBe(200);
    expect((await call(processB, "/api/logout", someone.token, { method: "POST" })).status).toBe(200);
    expect((await call(processA, "/api/user-conversations", someone.token)).status).toBe(401);
  });
});
