import type { LookupAddress } from "node:dns";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress, publicOnlyAgent, publicOnlyLookup, type ResolveHost } from "./public-only-agent";

/** A resolver that answers every name with these addresses, so no DNS server is asked. */
const resolvingTo =
  (...addresses: string[]): ResolveHost =>
  async () =>
    addresses.map((address): LookupAddress => ({ address, family: address.includes(":") ? 6 : 4 }));

function lookUp(resolve: ResolveHost, all: boolean) {
  const lookup = publicOnlyLookup({ resolve });
  return new Promise<string | LookupAddress[]>((settle, fail) =>
    lookup("push.example.com", { all }, (error, address) => (error ? fail(error) : settle(address))),
  );
}

describe("connections only to public internet addresses", () => {
  const hostile = ["169.254.169.254", "127.0.0.1", "10.0.0.1", "100.64.0.1", "fd00::1", "::ffff:127.0.0.1"];
  const alsoHostile = ["172.16.0.1", "192.168.1.1", "0.0.0.0", "::", "::1", "fe80::1", "224.0.0.1", "ff02::1"];

  it("refuses a name that resolves to loopback, private, link-local, CGNAT, ULA or mapped addresses", async () => {
    for (const address of [...hostile, ...alsoHostile, "::ffff:10.0.0.1", "::ffff:169.254.169.254"]) {
      for (const all of [false, true]) {
        await expect(lookUp(resolvingTo(address), all), address).rejects.toMatchObject({
          code: "ERR_NON_PUBLIC_ADDRESS",
        });
      }
    }
  });

  it("answers a public address as it was resolved", async () => {
    expect(await lookUp(resolvingTo("142.250.70.234"), false)).toBe("142.250.70.234");
    expect(await lookUp(resolvingTo("2a00:1450:4001:82b::200a", "142.250.70.234"), true)).toEqual([
      { address: "2a00:1450:4001:82b::200a", family: 6 },
      { address: "142.250.70.234", family: 4 },
    ]);
  });

  it("refuses a name whole when any of its addresses is private", async () => {
    await expect(lookUp(resolvingTo("142.250.70.234", "10.0.0.1"), true)).rejects.toMatchObject({
      code: "ERR_NON_PUBLIC_ADDRESS",
    });
  });

  it("classifies addresses with the special-purpose ranges, IPv4 inside IPv6 included", () => {
    expect(isPublicAddress("8.8.8.8")).toBe(true);
    expect(isPublicAddress("::ffff:8.8.8.8")).toBe(true);
    for (const address of [...hostile, ...alsoHostile, "192.0.2.1", "2001:db8::1", "64:ff9b::a9fe:a9fe", "nonsense"]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  describe("on the connection itself", () => {
    const received: string[] = [];
    const server = createServer((incoming, response) => {
      received.push(incoming.url ?? "");
      response.end("ok");
    });
    let port = 0;
    beforeAll(async () => {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it("does not connect when the name resolves, at connection time, to this machine", async () => {
      const agent = publicOnlyAgent({ resolve: resolvingTo("127.0.0.1") });
      await expect(request(`http://push.example.com:${port}/rebound`, { dispatcher: agent })).rejects.toMatchObject({
        code: "ERR_NON_PUBLIC_ADDRESS",
      });
      await agent.close();
      expect(received).not.toContain("/rebound");
    });

    it("does not connect to an address written in the URL, which no lookup sees", async () => {
      const agent = publicOnlyAgent({ resolve: resolvingTo("142.250.70.234") });
      for (const host of ["127.0.0.1", "[::ffff:127.0.0.1]"]) {
        await expect(request(`http://${host}:${port}/literal`, { dispatcher: agent }), host).rejects.toMatchObject({
          code: "ERR_NON_PUBLIC_ADDRESS",
        });
      }
      await agent.close();
      expect(received).not.toContain("/literal");
    });

    it("reaches a stand-in on loopback only when loopback is allowed (the test harnesses)", async () => {
      const agent = publicOnlyAgent({ allowLoopback: true, resolve: resolvingTo("127.0.0.1") });
      const response = await request(`http://push.example.com:${port}/allowed`, { dispatcher: agent });
      expect(await response.body.text()).toBe("ok");
      await agent.close();
      expect(received).toContain("/allowed");
    });
  });
});
