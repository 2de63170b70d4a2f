import { realtimeEvents } from "@velvet/shared/realtime/events";

/** The longest a cached answer is served: the bound on changes that send no real-time event (a partner's new photo). */
export const CONVERSATION_READ_CACHE_MS = 2_000;
/**
 * What the cache may hold, in characters of JSON (a list page is ~10,000, a history page ~20,000): bounded so the
 * process stays within its memory budget (issue 4: under 200 MB with 10,000 idle connections). Oldest out first.
 */
const CHARACTERS_KEPT = 8_000_000;

interface Entry {
  body: string;
  /** The sequence number taken before the answer was read from the database. */
  filledAt: number;
  expiresAtMs: number;
  memberUuid: string;
  conversationUuids: string[];
}

/** Who a cached answer belongs to and which conversations it shows. */
export interface CachedAnswerScope {
  memberUuid: string;
  conversationUuids: string[];
}

/**
 * The serialized conversation list pages and newest history pages members ask
 * for again and again (every visit to /messages, every reconnect), for at most
 * CONVERSATION_READ_CACHE_MS. An answer is dropped as soon as something it
 * shows changes:
 *
 * - every committed real-time event passes through `observeEvent` in every
 *   process (the outbox and the Redis bus deliver them all), before it reaches
 *   any socket, so a client that refetches on an event never gets the answer
 *   from before it: a message (its conversation, both members), read receipts
 *   (the conversation), a member's unread count (the member);
 * - the member's own changes (star, hide, block, read, send) are forgotten by
 *   the route that made them, after it committed, so a member always reads
 *   their own writes;
 * - whatever sends no event (a partner's new name or photo, moderation) is
 *   bounded by the expiry.
 *
 * Invalidation is by sequence number rather than by scanning entries: an
 * answer is valid only if neither its member nor any conversation it shows was
 * invalidated after the moment it started reading, so an answer read while a
 * change committed is never kept.
 */
export class ConversationReadCache {
  private readonly entries = new Map<string, Entry>();
  private charactersHeld = 0;
  private readonly memberInvalidatedAt = new Map<string, { sequence: number; atMs: number }>();
  private readonly conversationInvalidatedAt = new Map<string, { sequence: number; atMs: number }>();
  private sequence = 0;
  private lastPruneMs = 0;
  private enabled = true;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly charactersKept = CHARACTERS_KEPT,
  ) {}

  /** The cached body for the key, or undefined when there is none or it may be out of date. */
  get(key: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() >= entry.expiresAtMs || !this.stillValid(entry)) {
      this.drop(key, entry);
      return undefined;
    }
    return entry.body;
  }

  /**
   * Reads through the cache: `read` runs only on a miss and answers the body and
   * what it shows. The sequence is taken before reading, so a change committed
   * meanwhile makes the stored answer invalid at once.
   */
  async through(key: string, read: () => Promise<{ body: string; scope: CachedAnswerScope }>): Promise<string> {
    if (!this.enabled) return (await read()).body;
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    this.sequence += 1;
    const filledAt = this.sequence;
    // Counted from before the read, so an entry never outlives the marks pruned after the same span.
    const expiresAtMs = this.now() + CONVERSATION_READ_CACHE_MS;
    const { body, scope } = await read();
    const previous = this.entries.get(key);
    if (previous) this.drop(key, previous);
    // Oldest first out (a Map iterates in insertion order): the expired, then whatever the new answer needs room for.
    const nowMs = this.now();
    for (const [oldestKey, oldest] of this.entries) {
      if (nowMs < oldest.expiresAtMs && this.charactersHeld + body.length <= this.charactersKept) break;
      this.drop(oldestKey, oldest);
    }
    if (body.length > this.charactersKept) return body;
    this.charactersHeld += body.length;
    this.entries.set(key, {
      body,
      filledAt,
      expiresAtMs,
      memberUuid: scope.memberUuid,
      conversationUuids: scope.conversationUuids,
    });
    return body;
  }

  /**
   * Without the events (an external Pusher service delivers them, so they never
   * pass through this process) nothing would tell the cache of a new message:
   * it reads through instead.
   */
  disable(): void {
    this.enabled = false;
    this.entries.clear();
    this.charactersHeld = 0;
  }

  /** What the cached answers hold, in characters. */
  get size(): { entries: number; characters: number } {
    return { entries: this.entries.size, characters: this.charactersHeld };
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.charactersHeld -= entry.body.length;
  }

  forgetMember(memberUuid: string): void {
    this.mark(this.memberInvalidatedAt, memberUuid);
  }

  forgetConversation(conversationUuid: string): void {
    this.mark(this.conversationInvalidatedAt, conversationUuid);
  }

  /** Every real-time event this process delivers, from any process, before it reaches a socket. */
  observeEvent(channel: string, event: string, data: string): void {
    // Client events (typing) are relayed between members and change nothing stored.
    if (event.startsWith("client-")) return;
    const conversation = /^private-conversation\.(.+)$/.exec(channel)?.[1];
    if (conversation) {
      this.forgetConversation(conversation);
      // The sender's list moves too, also when the conversation was not on the page they have.
      if (event === realtimeEvents.messageCreated) {
        const senderUuid = senderOf(data);
        if (senderUuid) this.forgetMember(senderUuid);
      }
      return;
    }
    const member = /^private-notifications\.user\.(.+)$/.exec(channel)?.[1];
    if (member) this.forgetMember(member);
  }

  private stillValid(entry: Entry): boolean {
    if ((this.memberInvalidatedAt.get(entry.memberUuid)?.sequence ?? 0) > entry.filledAt) return false;
    for (const uuid of entry.conversationUuids) {
      if ((this.conversationInvalidatedAt.get(uuid)?.sequence ?? 0) > entry.filledAt) return false;
    }
    return true;
  }

  private mark(marks: Map<string, { sequence: number; atMs: number }>, key: string): void {
    this.sequence += 1;
    const atMs = this.now();
    marks.delete(key);
    marks.set(key, { sequence: this.sequence, atMs });
    this.pruneMarks(atMs);
  }

  /** A mark older than the expiry can no longer matter: every entry filled before it has expired. */
  private pruneMarks(nowMs: number): void {
    if (nowMs - this.lastPruneMs < CONVERSATION_READ_CACHE_MS) return;
    this.lastPruneMs = nowMs;
    for (const marks of [this.memberInvalidatedAt, this.conversationInvalidatedAt]) {
      // Oldest first (re-marking moves a key to the end): stop at the first recent one.
      for (const [key, mark] of marks) {
        if (nowMs - mark.atMs <= CONVERSATION_READ_CACHE_MS) break;
        marks.delete(key);
      }
    }
  }
}

function senderOf(data: string): string | undefined {
  try {
    const message = JSON.parse(data) as { from?: { uuid?: unknown } };
    return typeof message.from?.uuid === "string" ? message.from.uuid : undefined;
  } catch {
    return undefined;
  }
}

const caches = new WeakMap<object, ConversationReadCache>();

/** The cache of one server: keyed by its database, as member ids mean nothing across databases. */
export function conversationReadCache(database: object): ConversationReadCache {
  let cache = caches.get(database);
  if (!cache) {
    cache = new ConversationReadCache();
    caches.set(database, cache);
  }
  return cache;
}

/**
 * After a member's change committed: their next read, and the partner's, shows
 * it at once in this process (other processes learn it from the change's
 * real-time events, or within CONVERSATION_READ_CACHE_MS).
 */
export function forgetConversationReads(
  database: object,
  change: { memberUuids: string[]; conversationUuid?: string | undefined },
): void {
  const cache = conversationReadCache(database);
  for (const uuid of change.memberUuids) cache.forgetMember(uuid);
  if (change.conversationUuid) cache.forgetConversation(change.conversationUuid);
}
