import { promises as dns, type LookupAddress } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { Agent, buildConnector } from "undici";

/** Every address a host name has (the system's resolver; tests give their own, so no DNS is asked). */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

export interface PublicOnlyOptions {
  /**
   * Loopback (127.0.0.0/8, ::1) is let through as well: only for the test suite's stand-in services on this
   * machine (config.push.localServiceForTests); private networks and the cloud metadata address stay refused.
   */
  allowLoopback?: boolean;
  resolve?: ResolveHost;
}

/** Said when a host's address is not on the public internet; the request never leaves the machine. */
export class NonPublicAddressError extends Error {
  readonly code = "ERR_NON_PUBLIC_ADDRESS";
  constructor(hostname: string, address: string) {
    super(`${hostname} is at ${address}, which is not a public internet address`);
  }
}

const systemResolve: ResolveHost = (hostname) => dns.lookup(hostname, { all: true });

/**
 * Whether an address is a plain public one. ipaddr.js names every special-purpose range (loopback, private,
 * link-local, carrier-grade NAT, unique local, multicast, unspecified, documentation, 6to4, Teredo, NAT64…):
 * only what it calls "unicast" is left. `process` judges an IPv4-mapped IPv6 address (::ffff:10.0.0.1) as the
 * IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.process(address).range() === "unicast";
}

function mayConnectTo(address: string, allowLoopback: boolean): boolean {
  if (isPublicAddress(address)) return true;
  return allowLoopback && ipaddr.isValid(address) && ipaddr.process(address).range() === "loopback";
}

/**
 * A DNS lookup for net.connect that answers only addresses it has checked: the socket connects to exactly what
 * was checked, so a name that resolves to a public address for a check and to 169.254.169.254 a moment later
 * (DNS rebinding) gets nowhere. A name with any non-public address is refused whole: push services never mix.
 */
export function publicOnlyLookup(options: PublicOnlyOptions = {}): LookupFunction {
  const resolve = options.resolve ?? systemResolve;
  const allowLoopback = options.allowLoopback ?? false;
  return (hostname, lookupOptions, callback) => {
    const wanted = familyNumber(lookupOptions.family);
    resolve(hostname).then(
      (found) => {
        const refused = found.find((entry) => !mayConnectTo(entry.address, allowLoopback));
        if (refused) return callback(new NonPublicAddressError(hostname, refused.address), "", 0);
        const usable = wanted ? found.filter((entry) => entry.family === wanted) : found;
        const [first] = usable;
        if (!first) {
          return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "", 0);
        }
        if (lookupOptions.all) return callback(null, usable);
        return callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
}

function familyNumber(family: number | "IPv4" | "IPv6" | undefined): number {
  if (family === "IPv4") return 4;
  if (family === "IPv6") return 6;
  return family ?? 0;
}

/**
 * An undici dispatcher for requests to URLs that someone outside chose (a member's push subscription): it
 * connects only to public internet addresses. A host name goes through `publicOnlyLookup`; an IP address in
 * the URL is checked here, since net.connect asks no lookup for one.
 */
export function publicOnlyAgent(options: PublicOnlyOptions = {}): Agent {
  const allowLoopback = options.allowLoopback ?? false;
  const connector = buildConnector({ lookup: publicOnlyLookup(options) });
  return new Agent({
    connect: (target, callback) => {
      if (isIP(target.hostname) && !mayConnectTo(target.hostname, allowLoopback)) {
        callback(new NonPublicAddressError(target.hostname, target.hostname), null);
        return;
      }
      connector(target, callback);
    },
  });
}
