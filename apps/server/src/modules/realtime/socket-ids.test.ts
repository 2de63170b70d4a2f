import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSocket } from "../../test/realtime-clients";
import { startTestServer, type TestServer } from "../../test/support";

const SOCKETS = 100;

describe("socket ids", () => {
  let server: TestServer;
  beforeAll(async () => {
    // More sockets from 127.0.0.1 than the per-address limits allow (connection-limits.test.ts).
    server = await startTestServer({
      REALTIME_MAX_CONNECTIONS_PER_IP: "1000",
      REALTIME_UPGRADES_PER_IP_PER_10S: "1000",
    });
  });
  afterAll(() => server.stop());

  it("are Pusher's digits.digits, all different, and carry at least 64 random bits: one does not tell the next", async () => {
    const ids: string[] = [];
    for (let index = 0; index < SOCKETS; index++) {
      const socket = await openSocket(server);
      ids.push(socket.socketId);
      await socket.close();
    }
    for (const id of ids) expect(id).toMatch(/^\d+\.\d+$/);
    expect(new Set(ids).size).toBe(SOCKETS);

    const parts = ids.map((id) => id.split(".").map(Number) as [number, number]);
    // Both halves change from one socket to the next, and neither follows from the one before.
    for (let index = 1; index < SOCKETS; index++) {
      const [before, after] = [parts[index - 1], parts[index]] as [[number, number], [number, number]];
      expect(after[0]).not.toBe(before[0]);
      expect(Math.abs(after[1] - before[1])).toBeGreaterThan(SOCKETS);
    }
    // The largest of a hundred uniform draws sits near the top of their range: its bits are each half's width.
    const bits = (values: number[]) => Math.log2(Math.max(...values));
    expect(bits(parts.map(([first]) => first)) + bits(parts.map(([, second]) => second))).toBeGreaterThanOrEqual(64);
  }, 30_000);
});
