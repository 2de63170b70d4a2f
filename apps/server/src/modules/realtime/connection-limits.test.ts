import type { IncomingMessage } from "node:http";
import { realtimeCloseCodes } from "@velvet/shared/realtime/events";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { ConfigError, loadConfig } from "../../platform/config";
import { clientAddressOf, parseTrustProxy } from "../../platform/trust-proxy";
import { startTestServer, type TestServer } from "../../test/support";
import { ConnectionLimiter, UPGRADE_WINDOW_MS } from "./connection-limits";

type Attempt = { established: true; close(): Promise<void> } | { established: false; code: number };

/** A bare Pusher connection; with `forwardedFor`, as if through the one proxy TRUST_PROXY=1 believes. */
function connect(server: TestServer, forwardedFor?: string, url = server.url): Promise<Attempt> {
  const socket = new WebSocket(`${url.replace("http", "ws")}/app/${server.context.config.pusher.key}?protocol=7`, {
    headers: forwardedFor ? { "X-Forwarded-For": forwardedFor } : {},
  });
  const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    socket.once("error", reject);
    socket.once("message", (raw) => {
      const frame = JSON.parse(raw.toString()) as { event: string };
      if (frame.event !== "pusher:connection_established") {
        void closed.then((code) => resolve({ established: false, code }));
        return;
      }
      resolve({
        established: true,
        close: async () => {
          socket.close();
          await closed;
        },
      });
    });
  });
}

describe("per-address caps on open real-time connections", () => {
  let server: TestServer;
  const open: Array<{ close(): Promise<void> }> = [];
  beforeAll(async () => {
    // The upgrade rate has its own test below; here it must not be what refuses.
    server = await startTestServer({ TRUST_PROXY: "1", REALTIME_UPGRADES_PER_IP_PER_10S: "1000" });
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((socket) => socket.close()));
  });
  afterAll(() => server.stop());

  async function openFrom(forwardedFor: string, count: number) {
    for (let index = 0; index < count; index++) {
      const attempt = await connect(server, forwardedFor);
      if (!attempt.established) throw new Error(`connection ${index + 1} from ${forwardedFor} refused`);
      open.push(attempt);
    }
  }

  it("refuses the 51st connection from one address with 4100 while 50 are open, and takes one once one closes", async () => {
    expect(server.context.config.realtimeConnectionLimits.perAddress).toBe(50);
    await openFrom("203.0.113.7", 50);
    expect(await connect(server, "203.0.113.7")).toEqual({ established: false, code: realtimeCloseCodes.overCapacity });
    // A first X-Forwarded-For entry is the client's to write: the address is the one the proxy saw.
    expect(await connect(server, "198.51.100.1, 203.0.113.7")).toMatchObject({ established: false });
    const other = await connect(server, "203.0.113.8");
    expect(other.established).toBe(true);
    if (other.established) open.push(other);

    await open.shift()?.close();
    const again = await connect(server, "203.0.113.7");
    expect(again.established).toBe(true);
    if (again.established) open.push(again);
  }, 30_000);

  it("counts the IPv6 addresses of one /64 together, and another /64 apart", async () => {
    await openFrom("2001:db8:7:1::1", 25);
    await openFrom("2001:db8:7:1:abcd:ef01:2345:6789", 25);
    expect(await connect(server, "2001:db8:7:1:ffff:ffff:ffff:ffff")).toEqual({
      established: false,
      code: realtimeCloseCodes.overCapacity,
    });
    const elsewhere = await connect(server, "2001:db8:7:2::1");
    expect(elsewhere.established).toBe(true);
    if (elsewhere.established) open.push(elsewhere);
  }, 30_000);
});

describe("per-address rate of real-time upgrades", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: "1" });
  });
  afterAll(() => server.stop());

  it("refuses the 31st upgrade from one address within 10 seconds with 4100, even with the others closed", async () => {
    expect(server.context.config.realtimeConnectionLimits.upgradesPerWindow).toBe(30);
    for (let index = 0; index < 30; index++) {
      const attempt = await connect(server, "192.0.2.44");
      if (!attempt.established) throw new Error(`upgrade ${index + 1} refused`);
      await attempt.close();
    }
    expect(await connect(server, "192.0.2.44")).toEqual({ established: false, code: realtimeCloseCodes.overCapacity });
    const other = await connect(server, "192.0.2.45");
    expect(other.established).toBe(true);
    if (other.established) await other.close();
  });
});

describe("a real IPv6 peer", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ HOST: "::1", REALTIME_MAX_CONNECTIONS_PER_IP: "2" });
  });
  afterAll(() => server.stop());

  it("is held to the cap like any other (::1 here)", async () => {
    const url = `http://[::1]:${new URL(server.url).port}`;
    const first = await connect(server, undefined, url);
    const second = await connect(server, undefined, url);
    expect([first.established, second.established]).toEqual([true, true]);
    expect(await connect(server, undefined, url)).toEqual({
      established: false,
      code: realtimeCloseCodes.overCapacity,
    });
    for (const attempt of [first, second]) if (attempt.established) await attempt.close();
  });
});

describe("ConnectionLimiter", () => {
  it("admits again once the rate window has passed, and frees a place on release", () => {
    let now = 0;
    const limiter = new ConnectionLimiter({ perAddress: 2, upgradesPerWindow: 3 }, () => now);
    expect([limiter.admit("a"), limiter.admit("a"), limiter.admit("a")]).toEqual([
      "accepted",
      "accepted",
      "over-capacity",
    ]);
    expect(limiter.admit("a")).toBe("over-rate");
    now += UPGRADE_WINDOW_MS;
    expect(limiter.admit("a")).toBe("over-capacity");
    limiter.release("a");
    expect(limiter.admit("a")).toBe("accepted");
  });
});

describe("the client address of an upgrade", () => {
  const request = (peer: string, forwardedFor?: string) =>
    ({
      socket: { remoteAddress: peer },
      headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
    }) as unknown as IncomingMessage;

  it("believes X-Forwarded-For as TRUST_PROXY says, as Fastify does for the API", () => {
    const spoofed = request("::ffff:10.0.0.2", "1.2.3.4, 5.6.7.8");
    expect(clientAddressOf(spoofed, parseTrustProxy(""))).toBe("::ffff:10.0.0.2");
    expect(clientAddressOf(spoofed, parseTrustProxy("1"))).toBe("5.6.7.8");
    expect(clientAddressOf(spoofed, parseTrustProxy("2"))).toBe("1.2.3.4");
    expect(clientAddressOf(spoofed, parseTrustProxy("10.0.0.0/8"))).toBe("5.6.7.8");
    expect(clientAddressOf(spoofed, parseTrustProxy("10.0.0.0/8, 5.6.7.8"))).toBe("1.2.3.4");
    expect(clientAddressOf(spoofed, parseTrustProxy("192.168.0.1"))).toBe("::ffff:10.0.0.2");
    expect(clientAddressOf(request("10.0.0.2"), parseTrustProxy("1"))).toBe("10.0.0.2");
  });
});

describe("the per-address socket limits' settings", () => {
  it("default to 50 open and 30 upgrades in 10 seconds, and refuse anything but a whole number of at least 1", () => {
    expect(loadConfig({ NODE_ENV: "test" }).realtimeConnectionLimits).toEqual({
      perAddress: 50,
      upgradesPerWindow: 30,
    });
    expect(
      loadConfig({ NODE_ENV: "test", REALTIME_MAX_CONNECTIONS_PER_IP: "8", REALTIME_UPGRADES_PER_IP_PER_10S: "9" })
        .realtimeConnectionLimits,
    ).toEqual({ perAddress: 8, upgradesPerWindow: 9 });
    for (const [name, value] of [
      ["REALTIME_MAX_CONNECTIONS_PER_IP", "0"],
      ["REALTIME_MAX_CONNECTIONS_PER_IP", "many"],
      ["REALTIME_UPGRADES_PER_IP_PER_10S", "2.5"],
    ] as const) {
      expect(() => loadConfig({ NODE_ENV: "test", [name]: value }), `${name}=${value}`).toThrow(ConfigError);
    }
  });
});
