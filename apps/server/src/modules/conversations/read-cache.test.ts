import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CONVERSATION_READ_CACHE_MS, ConversationReadCache } from "./read-cache";

function clock(startMs = 1_000_000) {
  let now = startMs;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const answer =
  (body: string, memberUuid: string, conversationUuids: string[] = []) =>
  async () => ({
    body,
    scope: { memberUuid, conversationUuids },
  });

describe("the conversation read cache", () => {
  it("answers a repeat from memory until the expiry, then reads again", async () => {
    const time = clock();
    const cache = new ConversationReadCache(time.now);
    let reads = 0;
    const read = async () => {
      reads += 1;
      return { body: `answer ${reads}`, scope: { memberUuid: "m1", conversationUuids: ["c1"] } };
    };
    expect(await cache.through("list|1", read)).toBe("answer 1");
    time.advance(CONVERSATION_READ_CACHE_MS - 1);
    expect(await cache.through("list|1", read)).toBe("answer 1");
    time.advance(1);
    expect(await cache.through("list|1", read)).toBe("answer 2");
    expect(reads).toBe(2);
  });

  it("counts the expiry from when the read started, so a slow read never outlives a change forgotten meanwhile", async () => {
    const time = clock();
    const cache = new ConversationReadCache(time.now);
    await cache.through("list|1", async () => {
      time.advance(300);
      return { body: "slow", scope: { memberUuid: "m1", conversationUuids: [] } };
    });
    time.advance(CONVERSATION_READ_CACHE_MS - 300);
    expect(cache.get("list|1")).toBeUndefined();
  });

  it("drops an answer when its member or a conversation it shows changes, and no other", async () => {
    const cache = new ConversationReadCache(clock().now);
    await cache.through("list|1", answer("list of m1", "m1", ["c1", "c2"]));
    await cache.through("list|2", answer("list of m2", "m2", ["c3"]));
    cache.forgetConversation("c2");
    expect(cache.get("list|1")).toBeUndefined();
    expect(cache.get("list|2")).toBe("list of m2");
    cache.forgetMember("m2");
    expect(cache.get("list|2")).toBeUndefined();
  });

  it("never keeps an answer read while a change committed", async () => {
    const cache = new ConversationReadCache(clock().now);
    const filled = cache.through("history|1", async () => {
      // The change lands while the database is being read: what was read may predate it.
      cache.forgetConversation("c1");
      return { body: "maybe stale", scope: { memberUuid: "m1", conversationUuids: ["c1"] } };
    });
    expect(await filled).toBe("maybe stale");
    expect(cache.get("history|1")).toBeUndefined();
  });

  it("learns from real-time events: messages, read receipts and unread counts; typing changes nothing", async () => {
    const cache = new ConversationReadCache(clock().now);
    const fill = async () => {
      await cache.through("list|sender", answer("sender's list", "sender", ["other"]));
      await cache.through("list|reader", answer("reader's list", "reader", ["c9"]));
      await cache.through("history|reader", answer("reader's history", "reader", ["c9"]));
    };
    await fill();
    cache.observeEvent("private-conversation.c9", "client-typing", JSON.stringify({ username: "x" }));
    expect(cache.get("history|reader")).toBe("reader's history");

    // A new message: its conversation, and the sender's list even though it does not show it yet.
    cache.observeEvent("private-conversation.c9", "message.created", JSON.stringify({ from: { uuid: "sender" } }));
    expect(cache.get("history|reader")).toBeUndefined();
    expect(cache.get("list|reader")).toBeUndefined();
    expect(cache.get("list|sender")).toBeUndefined();

    await fill();
    cache.observeEvent("private-notifications.user.reader", "UnreadMessagesCount", '{"unread_messages_count":1}');
    expect(cache.get("list|reader")).toBeUndefined();
    expect(cache.get("list|sender")).toBe("sender's list");

    // Malformed data from another process is survived; the conversation is still forgotten.
    await fill();
    cache.observeEvent("private-conversation.other", "message.created", "{not json");
    expect(cache.get("list|sender")).toBeUndefined();
  });

  it("holds at most its character budget, dropping the oldest answers first", async () => {
    const cache = new ConversationReadCache(clock().now, 100);
    for (const key of ["a", "b", "c"]) await cache.through(key, answer(key.repeat(40), "m"));
    expect(cache.size).toEqual({ entries: 2, characters: 80 });
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("c")).toBe("c".repeat(40));
    // An answer larger than the whole budget is served but not kept.
    expect(await cache.through("huge", answer("x".repeat(101), "m"))).toHaveLength(101);
    expect(cache.get("huge")).toBeUndefined();
    expect(cache.size.characters).toBeLessThanOrEqual(100);
  });

  it("lets go of expired answers when it stores the next one", async () => {
    const time = clock();
    const cache = new ConversationReadCache(time.now);
    for (const key of ["a", "b", "c"]) await cache.through(key, answer(key, "m"));
    time.advance(CONVERSATION_READ_CACHE_MS);
    await cache.through("d", answer("d", "m"));
    expect(cache.size).toEqual({ entries: 1, characters: 1 });
  });

  it("reads through, keeping nothing, once disabled", async () => {
    const cache = new ConversationReadCache(clock().now);
    let reads = 0;
    const read = async () => ({ body: `answer ${++reads}`, scope: { memberUuid: "m", conversationUuids: [] } });
    await cache.through("k", read);
    cache.disable();
    expect(await cache.through("k", read)).toBe("answer 2");
    expect(await cache.through("k", read)).toBe("answer 3");
  });

  it("never serves an answer older than a change to what it shows, nor older than the expiry (property)", async () => {
    const members = ["m1", "m2"];
    const conversations = ["c1", "c2", "c3"];
    const operation = fc.oneof(
      fc.record({
        kind: fc.constant("fill" as const),
        key: fc.integer({ min: 0, max: 3 }),
        member: fc.constantFrom(...members),
        shows: fc.subarray(conversations),
        changeWhileReading: fc.option(fc.constantFrom(...conversations), { nil: undefined }),
        readTakesMs: fc.integer({ min: 0, max: 300 }),
      }),
      fc.record({ kind: fc.constant("forgetMember" as const), member: fc.constantFrom(...members) }),
      fc.record({ kind: fc.constant("forgetConversation" as const), conversation: fc.constantFrom(...conversations) }),
      fc.record({ kind: fc.constant("wait" as const), ms: fc.integer({ min: 0, max: CONVERSATION_READ_CACHE_MS }) }),
      fc.record({ kind: fc.constant("get" as const), key: fc.integer({ min: 0, max: 3 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { maxLength: 60 }), async (operations) => {
        const time = clock();
        const cache = new ConversationReadCache(time.now);
        // The model: for each body, when its read started and what it shows; each change's time.
        let version = 0;
        const reads = new Map<string, { startedMs: number; member: string; shows: string[] }>();
        const changedAt = new Map<string, number>();
        let step = 0;
        for (const op of operations) {
          // Every operation takes a moment, so "after" is well defined.
          time.advance(1);
          step += 1;
          if (op.kind === "fill") {
            const body = `v${++version}`;
            reads.set(body, { startedMs: time.now(), member: op.member, shows: op.shows });
            await cache.through(`k${op.key}`, async () => {
              time.advance(op.readTakesMs);
              if (op.changeWhileReading) {
                time.advance(1);
                changedAt.set(`c:${op.changeWhileReading}`, time.now());
                cache.forgetConversation(op.changeWhileReading);
              }
              return { body, scope: { memberUuid: op.member, conversationUuids: op.shows } };
            });
          } else if (op.kind === "forgetMember") {
            changedAt.set(`m:${op.member}`, time.now());
            cache.forgetMember(op.member);
          } else if (op.kind === "forgetConversation") {
            changedAt.set(`c:${op.conversation}`, time.now());
            cache.forgetConversation(op.conversation);
          } else if (op.kind === "wait") {
            time.advance(op.ms);
          } else {
            const body = cache.get(`k${op.key}`);
            if (body === undefined) continue;
            const read = reads.get(body);
            expect(read, `step ${step}`).toBeDefined();
            if (!read) continue;
            expect(time.now() - read.startedMs).toBeLessThan(CONVERSATION_READ_CACHE_MS);
            for (const tag of [`m:${read.member}`, ...read.shows.map((uuid) => `c:${uuid}`)]) {
              expect(changedAt.get(tag) ?? 0, `${tag} changed after ${body} was read`).toBeLessThan(read.startedMs);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
