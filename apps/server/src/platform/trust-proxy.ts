import type { IncomingMessage } from "node:http";
import { BlockList, isIP } from "node:net";

/**
 * What Fastify may believe of `X-Forwarded-For`: nothing (`false`), the last `n` hops (the proxies in
 * front), or hops from the listed addresses and networks. Never "everything": then the first entry, which
 * any client writes, would be the address every per-IP limit counts.
 */
export type TrustProxy = false | number | string[];

export class TrustProxyError extends Error {}

function checkAddress(entry: string): void {
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) {
    throw new TrustProxyError(`"${entry}" is not an IP address or CIDR`);
  }
  if (prefix === undefined) return;
  const bits = /^\d+$/.test(prefix) ? Number(prefix) : Number.NaN;
  if (!(bits >= 1 && bits <= (family === 4 ? 32 : 128))) {
    throw new TrustProxyError(`"${entry}" must have a prefix length of 1 to ${family === 4 ? 32 : 128}`);
  }
}

/** TRUST_PROXY: empty or `0` (no proxy), the number of proxies in front, or their addresses/CIDRs. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? "";
  if (text === "" || text === "0") return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) checkAddress(entry);
  return entries;
}

export const trustProxyHelp =
  "set it to the number of proxies in front of the server (e.g. 1), or their comma-separated addresses/CIDRs " +
  '("true", "*" or a /0 network would let any client choose the IP the rate limits see)';

/** The form Fastify's `trustProxy` option takes (its types know no hop count, so one becomes a function). */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== "number") return trust;
  // Hop 0 is the socket's peer; with n proxies in front, hops 0 to n-1 are theirs.
  return (_address, hop) => hop < trust;
}

/**
 * The client's address for a request Fastify never sees (a WebSocket upgrade), by the rule Fastify applies to
 * `request.ip` (proxy-addr): walk X-Forwarded-For from the socket's peer back towards the client while the hop
 * is trusted, and take the first one that is not (or the farthest entry). Per-address limits on sockets then
 * count the same address as those on the API.
 */
export function clientAddressOf(request: IncomingMessage, trust: TrustProxy): string {
  const peer = request.socket.remoteAddress ?? "";
  if (trust === false) return peer;
  const header = request.headers["x-forwarded-for"];
  const forwarded = (typeof header === "string" ? header : "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .reverse();
  const hops = [peer, ...forwarded];
  const trusted = typeof trust === "number" ? (_address: string, hop: number) => hop < trust : trustedNetworks(trust);
  let hop = 0;
  while (hop < hops.length - 1 && trusted(hops[hop] ?? "", hop)) hop++;
  return hops[hop] ?? peer;
}

function trustedNetworks(entries: string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/");
    const family = isIP(address) === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  // BlockList also matches an IPv4-mapped IPv6 peer (a dual-stack listener's) against IPv4 entries.
  return (address) => {
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 4 ? "ipv4" : "ipv6");
  };
}
