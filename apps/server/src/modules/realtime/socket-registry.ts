import type { Redis } from "ioredis";
import { PRESENCE_ENTRY_TTL_MS } from "./presence-store";

const UNCLAIMED = "-";

/**
 * GET the socket's key: missing means no process has the socket open (0);
 * unclaimed or the same member binds it and says yes (1); another member, no (2).
 */
const CLAIM_SCRIPT = `
local owner = redis.call('get', KEYS[1])
if not owner then return 0 end
if owner == '${UNCLAIMED}' then redis.call('set', KEYS[1], ARGV[1], 'KEEPTTL') return 1 end
if owner == ARGV[1] then return 1 end
return 2`;

/**
 * Which socket ids are connected right now, on any process, and the member
 * each was first authorized for. /api/broadcasting/auth signs a socket id only
 * when it is live and bound to the caller: a signature for a made-up or closed
 * socket, or for a socket another member already holds, is never given out.
 *
 * Each process knows its own sockets; with Redis, each live socket also has a
 * short-lived key (its owner's uuid once claimed) that its process refreshes
 * while it stays open, so any process can answer for any socket. When Redis
 * does not answer, a process still answers for its own sockets.
 */
export class SocketRegistry {
  /** This process's open sockets -> the member uuid they are bound to, once claimed. */
  private readonly local = new Map<string, string | undefined>();

  /** A socket's key outlives three missed refreshes (processes refresh every third of the presence TTL). */
  private readonly keyTtlSeconds: number;

  constructor(
    private readonly redis: Redis | undefined,
    private readonly prefix: string,
    presenceTtlMs = PRESENCE_ENTRY_TTL_MS,
  ) {
    this.keyTtlSeconds = Math.ceil((presenceTtlMs * 3) / 1000);
  }

  private key(socketId: string) {
    return `${this.prefix}rt:socket:${socketId}`;
  }

  async opened(socketId: string): Promise<void> {
    this.local.set(socketId, undefined);
    await this.redis?.set(this.key(socketId), UNCLAIMED, "EX", this.keyTtlSeconds);
  }

  async closed(socketId: string): Promise<void> {
    this.local.delete(socketId);
    await this.redis?.del(this.key(socketId));
  }

  /** Keeps this process's sockets' keys alive (and puts back one Redis lost, unclaimed, keeping any owner). */
  async refresh(): Promise<void> {
    if (!this.redis || this.local.size === 0) return;
    const pipeline = this.redis.pipeline();
    for (const socketId of this.local.keys()) {
      pipeline.set(this.key(socketId), UNCLAIMED, "EX", this.keyTtlSeconds, "NX");
      pipeline.expire(this.key(socketId), this.keyTtlSeconds);
    }
    await pipeline.exec();
  }

  /**
   * True when the socket is open on some process and is unbound or already
   * bound to this member (it is then bound to them for the rest of its life).
   */
  async claim(socketId: string, memberUuid: string): Promise<boolean> {
    const isLocal = this.local.has(socketId);
    const localOwner = this.local.get(socketId);
    if (localOwner && localOwner !== memberUuid) return false;
    let allowed = isLocal;
    if (this.redis) {
      const answer = await this.redis.eval(CLAIM_SCRIPT, 1, this.key(socketId), memberUuid).catch(() => undefined);
      if (answer === 2) return false;
      if (answer === 1) allowed = true;
    }
    if (allowed && isLocal) this.local.set(socketId, memberUuid);
    return allowed;
  }
}
