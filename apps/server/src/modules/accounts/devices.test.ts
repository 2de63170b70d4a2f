import { randomUUID } from "node:crypto";
import { realtimeCloseCodes } from "@velvet/shared/realtime/events";
import type Pusher from "pusher-js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createMember, jsonRequest, signIn } from "../../test/factories";
import { signedInStaff } from "../../test/operator-factories";
import { memberPusherClient, subscribed, waitFor } from "../../test/realtime-clients";
import { startTestServer, type TestServer } from "../../test/support";

interface Device {
  id: string;
  created_at: string;
  last_used_at: string;
  ip: string | null;
  user_agent: string | null;
  current: boolean;
}

/** Account settings → Devices, the member's signed-in sessions, each of which they can sign out. */
describe("the member's devices (GET/DELETE /api/account/sessions)", () => {
  let server: TestServer;
  const clients: Pusher[] = [];
  beforeAll(async () => {
    server = await startTestServer({ API_RATE_LIMIT: "100000" });
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
  });
  afterAll(() => server.stop());

  /** One member signed in on two devices (different browsers), as a browser holds each: bearer and refresh cookie. */
  async function memberOnTwoDevices() {
    const member = await createMember(server);
    const signInWith = async (agent: string) => {
      const response = await server.request(
        "/api/login",
        jsonRequest("POST", { email: member.email, password: member.password }, { "User-Agent": agent }),
      );
      const body = (await response.json()) as { data: { access_token: string } };
      const cookie = response.headers.getSetCookie().find((value) => value.startsWith("velvet_refresh="));
      return { auth: { Authorization: `Bearer ${body.data.access_token}` }, cookie: cookie?.split(";")[0] ?? "" };
    };
    const laptop = await signInWith("Mozilla/5.0 (Macintosh) Firefox/140.0");
    const phone = await signInWith("Mozilla/5.0 (iPhone) Safari/604.1");
    return { member, laptop, phone };
  }

  const devicesOf = async (auth: Record<string, string>) => {
    const response = await server.request("/api/account/sessions", { headers: auth });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: Device[] }).data;
  };
  const refresh = (cookie: string) => server.request("/api/refresh", { method: "POST", headers: { Cookie: cookie } });

  async function openSocket(member: { uuid: string }, auth: Record<string, string>) {
    const client = memberPusherClient(server, auth);
    clients.push(client);
    const closeCodes: number[] = [];
    client.connection.bind("error", (error: { data?: { code?: number } }) => {
      if (error.data?.code) closeCodes.push(error.data.code);
    });
    await subscribed(client, `private-notifications.user.${member.uuid}`);
    return { client, closedWith: () => waitFor(() => closeCodes[0], 3_000, "the socket's close code") };
  }

  it("lists each signed-in device with its agent, address and times, marking this one", async () => {
    const { laptop } = await memberOnTwoDevices();
    const devices = await devicesOf(laptop.auth);
    expect(devices).toHaveLength(2);
    expect(devices.filter((device) => device.current)).toHaveLength(1);
    expect(devices.find((device) => device.current)?.user_agent).toContain("Firefox");
    expect(devices.find((device) => !device.current)?.user_agent).toContain("iPhone");
    for (const device of devices) {
      expect(device.ip).toBe("127.0.0.1");
      expect(Date.parse(device.created_at)).not.toBeNaN();
      expect(Date.parse(device.last_used_at)).not.toBeNaN();
    }
  });

  it("signs one device out: its refresh token, its access token and its real-time connection end; this one stays", async () => {
    const { member, laptop, phone } = await memberOnTwoDevices();
    const phoneSocket = await openSocket(member, phone.auth);
    const laptopSocket = await openSocket(member, laptop.auth);
    const phoneId = (await devicesOf(laptop.auth)).find((device) => !device.current)?.id;

    const response = await server.request(`/api/account/sessions/${phoneId}`, {
      method: "DELETE",
      headers: laptop.auth,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { signed_out: 1 } });

    expect(await phoneSocket.closedWith()).toBe(realtimeCloseCodes.sessionEnded);
    expect((await refresh(phone.cookie)).status).toBe(401);
    expect((await server.request("/api/me", { method: "POST", headers: phone.auth })).status).toBe(401);
    expect(laptopSocket.client.connection.state).toBe("connected");
    expect((await devicesOf(laptop.auth)).map((device) => device.current)).toEqual([true]);
    expect((await refresh(laptop.cookie)).status).toBe(200);

    // Already signed out: nothing left to end.
    expect(
      (await server.request(`/api/account/sessions/${phoneId}`, { method: "DELETE", headers: laptop.auth })).status,
    ).toBe(404);
  });

  it("signs out everywhere else, keeping this device", async () => {
    const { member, laptop, phone } = await memberOnTwoDevices();
    const third = await signIn(server, member.email ?? "", member.password);
    const phoneSocket = await openSocket(member, phone.auth);

    const response = await server.request("/api/account/sessions", { method: "DELETE", headers: laptop.auth });
    expect(await response.json()).toEqual({ data: { signed_out: 2 } });
    expect(await phoneSocket.closedWith()).toBe(realtimeCloseCodes.sessionEnded);
    expect((await refresh(phone.cookie)).status).toBe(401);
    expect((await refresh(third.refreshCookie)).status).toBe(401);
    expect((await devicesOf(laptop.auth)).map((device) => device.current)).toEqual([true]);
  });

  it("answers 404 for another member's session and leaves it signed in", async () => {
    const { phone: victimPhone, laptop: victim } = await memberOnTwoDevices();
    const { laptop: intruder } = await memberOnTwoDevices();
    const victimIds = (await devicesOf(victim.auth)).map((device) => device.id);

    for (const id of [...victimIds, randomUUID()]) {
      const response = await server.request(`/api/account/sessions/${id}`, {
        method: "DELETE",
        headers: intruder.auth,
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Not found." });
    }
    // Nor does "everywhere else" reach past the intruder's own account.
    await server.request("/api/account/sessions", { method: "DELETE", headers: intruder.auth });
    expect((await devicesOf(intruder.auth)).map((device) => device.id)).not.toContain(victimIds[0]);
    expect(await devicesOf(victim.auth)).toHaveLength(2);
    expect((await refresh(victimPhone.cookie)).status).toBe(200);
  });

  it("answers a guest 401 on every devices route", async () => {
    for (const [method, path] of [
      ["GET", "/api/account/sessions"],
      ["DELETE", "/api/account/sessions"],
      ["DELETE", `/api/account/sessions/${randomUUID()}`],
    ] as const) {
      const response = await server.request(path, { method });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it("keeps an operator's session as the member invisible to the member, and shuts the operator out of the list", async () => {
    const { member, laptop } = await memberOnTwoDevices();
    const operator = await signedInStaff(server);
    const issued = await server.request(`/api/admin/users/${member.uuid}/impersonation`, {
      method: "POST",
      headers: operator.auth,
    });
    const used = await server.request(
      "/api/impersonate",
      jsonRequest("POST", { token: (await issued.json()).data.token }),
    );
    const acting = { Authorization: `Bearer ${(await used.json()).data.access_token}` };

    expect(await devicesOf(laptop.auth)).toHaveLength(2);
    // "Everywhere else" is the member's own devices: the support session is not among them.
    await server.request("/api/account/sessions", { method: "DELETE", headers: laptop.auth });
    expect((await server.request("/api/me", { method: "POST", headers: acting })).status).toBe(200);

    for (const [method, path] of [
      ["GET", "/api/account/sessions"],
      ["DELETE", "/api/account/sessions"],
    ] as const) {
      const response = await server.request(path, { method, headers: acting });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    expect(await devicesOf(laptop.auth)).toHaveLength(1);
  });
});
