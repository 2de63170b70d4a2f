import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/support";

// The test client plays the one proxy in front (it connects from 127.0.0.1): the last X-Forwarded-For
// entry is the address that proxy saw, every entry before it is whatever the client chose to write.
for (const trustProxy of ["1", "127.0.0.1"]) {
  describe(`the address the limits count, behind one proxy (TRUST_PROXY=${trustProxy})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ TRUST_PROXY: trustProxy, API_RATE_LIMIT: "3" });
    });
    afterAll(() => server.stop());

    const from = (forwardedFor: string) =>
      server.request("/api/client-config", { headers: { "X-Forwarded-For": forwardedFor } });

    it("is the one the proxy saw, and a spoofed first entry never resets the limit", async () => {
      for (let attempt = 0; attempt < 3; attempt++) expect((await from("1.2.3.4, 5.6.7.8")).status).toBe(200);
      expect((await from("9.9.9.9, 5.6.7.8")).status).toBe(429);
      expect((await from("5.6.7.8")).status).toBe(429);
      expect((await from("1.2.3.4, 5.6.7.9")).status).toBe(200);
    });

    it("counts the IPv6 addresses of one /64 as one, so a host cannot start afresh by changing address", async () => {
      for (const host of ["2001:db8:7:1::1", "2001:db8:7:1::2", "2001:db8:7:1:abcd::9"]) {
        expect((await from(host)).status, host).toBe(200);
      }
      expect((await from("2001:db8:7:1:ffff:ffff:ffff:ffff")).status).toBe(429);
      expect((await from("2001:db8:7:2::1")).status).toBe(200);
    });
  });
}
