/** The window the upgrade rate is counted over. */
export const UPGRADE_WINDOW_MS = 10_000;

export interface ConnectionLimits {
  /** Open connections one address (an IPv6 /64) may hold on this process. */
  perAddress: number;
  /** Upgrades one address (an IPv6 /64) may start per UPGRADE_WINDOW_MS on this process. */
  upgradesPerWindow: number;
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
