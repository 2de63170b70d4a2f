import { describe, expect, it } from "vitest";
import { addressKey } from "./address-key";

describe("the key an address is counted under", () => {
  it("is an IPv4 address itself, and an IPv6 address's /64 however it is written", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:cb00:7107")).toBe("203.0.113.7");
    const sameHost = [
      "2001:db8:7:1::1",
      "2001:0db8:0007:0001:ffff:ffff:ffff:ffff",
      "2001:DB8:7:1:abcd::9",
      "2001:db8:7:1::192.0.2.1",
      "2001:db8:7:1::1%eth0",
    ];
    expect(new Set(sameHost.map(addressKey))).toEqual(new Set(["2001:db8:7:1::/64"]));
    expect(addressKey("2001:db8:7:2::1")).toBe("2001:db8:7:2::/64");
    expect(addressKey("2001:db8::7:1:0:0")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
  });
});
