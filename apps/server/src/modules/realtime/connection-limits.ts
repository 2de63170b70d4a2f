import { isIPv4, isIPv6 } from "node:net";

/** The window the upgrade rate is counted over. */
export const UPGRADE_WINDOW_MS = 10_000;

export interface ConnectionLimits {
  /** Open connections one address (an IPv6 /64) may hold on this process. */
  perAddress: number;
  /** Upgrades one address (an IPv6 /64) may start per UPGRADE_WINDOW_MS on this process. */
  upgradesPerWindow: number;
}

/**
 * The key per-address limits count under: an IPv4 address as it is (an IPv4-mapped IPv6 address as its IPv4
 * address), an IPv6 address as its /64. One host is normally given a whole /64 and picks any address in it at
 * will (privacy addresses), so counting single IPv6 addresses would let it open as many connections as it likes.
 */
export function addressKey(address: string): string {
  const bare = address.split("%")[0] ?? "";
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return bare;
  const groups = expandIPv6(bare);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with `::` and a trailing dotted IPv4 part expanded). */
function expandIPv6(address: string): number[] {
  const toGroups = (part: string): number[] =>
    part === ""
      ? []
      : part.split(":").flatMap((piece) => {
          if (!piece.includes(".")) return [Number.parseInt(piece, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = piece.split(".").map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = "", tail] = address.split("::");
  const leading = toGroups(head);
  const trailing = tail === undefined ? [] : toGroups(tail);
  return [...leading, ...new Array<number>(8 - leading.length - trailing.length).fill(0), ...trailing];
}

/**
 * Per-address counts of this process's open connections and recent upgrades. Each process keeps its own:
 * what the cap protects is the process's memory and sockets, and with several processes behind the
 * balancer an address's connections spread over them.
 */
export class ConnectionLimiter {
  private readonly open = new Map<string, number>();
  private readonly upgrades = new Map<string, { windowStartedAt: number; count: number }>();

  constructor(
    private readonly limits: ConnectionLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts an upgrade from `key` and says whether it may go on: refused past the rate (every attempt
   * counts, refused ones too, so a client that keeps trying stays refused) or past the cap on open
   * connections. An accepted upgrade holds one of the address's places until `release`.
   */
  admit(key: string): "accepted" | "over-rate" | "over-capacity" {
    const now = this.now();
    const window = this.upgrades.get(key);
    if (!window || now - window.windowStartedAt >= UPGRADE_WINDOW_MS) {
      this.upgrades.set(key, { windowStartedAt: now, count: 1 });
    } else {
      window.count += 1;
      if (window.count > this.limits.upgradesPerWindow) return "over-rate";
    }
    const open = this.open.get(key) ?? 0;
    if (open >= this.limits.perAddress) return "over-capacity";
    this.open.set(key, open + 1);
    return "accepted";
  }

  release(key: string): void {
    const open = (this.open.get(key) ?? 0) - 1;
    if (open > 0) this.open.set(key, open);
    else this.open.delete(key);
  }

  /** Forgets finished windows, so addresses that came once do not stay in memory. */
  sweep(): void {
    const now = this.now();
    for (const [key, window] of this.upgrades) {
      if (now - window.windowStartedAt >= UPGRADE_WINDOW_MS) this.upgrades.delete(key);
    }
  }
}
