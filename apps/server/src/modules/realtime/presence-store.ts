import type { Redis } from "ioredis";

export interface PresenceMember {
  user_id: string;
  user_info?: unknown;
}

/**
 * Who is in each presence channel, across every process. One entry per
 * connection; a user is a member while any of their connections is. Redis
 * entries carry an expiry that live processes keep pushing forward, so the
 * connections of a process that died without closing them drop out.
 */
export interface PresenceStore {
  add(channel: string, connectionKey: string, member: PresenceMember): Promise<void>;
  remove(channel: string, connectionKey: string): Promise<void>;
  /** Members by user id (the first connection's user_info wins). */
  members(channel: string): Promise<Map<string, PresenceMember>>;
  /** Keeps this process's entries alive. */
  refresh(entries: Array<{ channel: string; connectionKey: string; member: PresenceMember }>): Promise<void>;
}

export class MemoryPresenceStore implements PresenceStore {
  private readonly channels = new Map<string, Map<string, PresenceMember>>();

  async add(channel: string, connectionKey: string, member: PresenceMember) {
    const entries = this.channels.get(channel) ?? new Map<string, PresenceMember>();
    entries.set(connectionKey, member);
    this.channels.set(channel, entries);
  }

  async remove(channel: string, connectionKey: string) {
    const entries = this.channels.get(channel);
    entries?.delete(connectionKey);
    if (entries?.size === 0) this.channels.delete(channel);
  }

  async members(channel: string) {
    const members = new Map<string, PresenceMember>();
    for (const member of this.channels.get(channel)?.values() ?? []) {
      if (!members.has(member.user_id)) members.set(member.user_id, member);
    }
    return members;
  }

  async refresh() {}
}

/** Entries live this long unless refreshed (REALTIME_PRESENCE_TTL_MS); processes refresh every third of it. */
export const PRESENCE_ENTRY_TTL_MS = 15_000;

export class RedisPresenceStore implements PresenceStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlMs = PRESENCE_ENTRY_TTL_MS,
  ) {}

  private key(channel: string) {
    return `${this.prefix}rt:presence:${channel}`;
  }

  private encode(member: PresenceMember) {
    return JSON.stringify({ ...member, expires_at: Date.now() + this.ttlMs });
  }

  async add(channel: string, connectionKey: string, member: PresenceMember) {
    await this.redis.hset(this.key(channel), connectionKey, this.encode(member));
  }

  async remove(channel: string, connectionKey: string) {
    await this.redis.hdel(this.key(channel), connectionKey);
  }

  async members(channel: string) {
    const entries = await this.redis.hgetall(this.key(channel));
    const members = new Map<string, PresenceMember>();
    const expired: string[] = [];
    const now = Date.now();
    for (const [connectionKey, raw] of Object.entries(entries)) {
      const entry = JSON.parse(raw) as PresenceMember & { expires_at: number };
      if (entry.expires_at < now) {
        expired.push(connectionKey);
        continue;
      }
      if (!members.has(entry.user_id))
        members.set(entry.user_id, { user_id: entry.user_id, user_info: entry.user_info });
    }
    if (expired.length > 0) await this.redis.hdel(this.key(channel), ...expired);
    return members;
  }

  async refresh(entries: Array<{ channel: string; connectionKey: string; member: PresenceMember }>) {
    if (entries.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const entry of entries) pipeline.hset(this.key(entry.channel), entry.connectionKey, this.encode(entry.member));
    await pipeline.exec();
  }
}
