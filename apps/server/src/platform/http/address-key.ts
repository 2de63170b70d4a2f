import ipaddr from "ipaddr.js";

/**
 * The key a per-address limit counts under: an IPv4 address as it is (an IPv4-mapped IPv6 address as its IPv4
 * address), an IPv6 address as its /64. One host is normally given a whole /64 and picks any address in it at
 * will (privacy addresses), so counting single IPv6 addresses would let it start afresh whenever it liked.
 * Anything that is not an address (a test's made-up name) is its own key.
 */
export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(":")}::/64`;
}
