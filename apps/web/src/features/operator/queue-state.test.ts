import type { TOperatorLock, TOperatorQueueItem, TOperatorQueueResponse } from "@velvet/shared/api/operator";
import { describe, expect, it } from "vitest";
import { applyQueueChanges, lockFromQueue, nextToTake } from "./queue-state";

const ME = "00000000-0000-4000-8000-000000000001";
const COLLEAGUE = "00000000-0000-4000-8000-000000000002";
const card = (uuid: string, username: string) =>
  ({ uuid, username, primary_photo: { thumb: "" } }) as unknown as TOperatorQueueItem["member"];

const item = (uuid: string, since: string, extra: Partial<TOperatorQueueItem> = {}): TOperatorQueueItem => ({
  conversation_uuid: uuid,
  member: card(`m-${uuid}`, `member${uuid}`),
  profile: card("profile-1", "Fiona"),
  last_message: { type: "text", text: "hi", created_at: since },
  waiting_since: since,
  waiting_seconds: 60,
  unanswered_count: 1,
  wrote_text: true,
  paying: false,
  lock: null,
  ...extra,
});
const lock = (uuid: string, operator: string, secondsLeft = 300): TOperatorLock => ({
  conversation_uuid: uuid,
  operator: { uuid: operator, username: operator === ME ? "me" : "colleague" },
  expires_at: "2026-11-26T03:00:00.000Z",
  seconds_left: secondsLeft,
  mine: false,
});
const queueOf = (data: TOperatorQueueItem[], myLocks: TOperatorLock[] = []): TOperatorQueueResponse => ({
  data,
  meta: { total: data.length, my_locks: myLocks, max_locks: 2 },
});
const viewer = { uuid: ME, isAdmin: false };

describe("the pushed queue, applied in the console", () => {
  it("adds, replaces and removes entries and keeps the queue's order", () => {
    const queue = queueOf([item("b", "2026-11-26T02:00:00.000Z"), item("c", "2026-11-26T02:05:00.000Z")]);
    const next = applyQueueChanges(
      queue,
      [
        // A wink waiting longest still goes after the texts; a paying member goes first within the same minute.
        {
          conversation_uuid: "w",
          entry: item("w", "2026-11-26T01:00:00.000Z", { wrote_text: false }),
          lock: null,
          assigned_operators: [],
        },
        {
          conversation_uuid: "p",
          entry: item("p", "2026-11-26T02:00:30.000Z", { paying: true }),
          lock: null,
          assigned_operators: [],
        },
        { conversation_uuid: "c", entry: null, lock: null, assigned_operators: [] },
      ],
      viewer,
      0,
    );
    expect(next.data.map((entry) => entry.conversation_uuid)).toEqual(["p", "b", "w"]);
    expect(next.meta.total).toBe(3);
  });

  it("leaves out what the viewer may not answer or has filtered away, and marks their own holds", () => {
    const queue = queueOf([]);
    const next = applyQueueChanges(
      queue,
      [
        {
          conversation_uuid: "a",
          entry: item("a", "2026-11-26T02:00:00.000Z"),
          lock: null,
          assigned_operators: [COLLEAGUE],
        },
        {
          conversation_uuid: "b",
          entry: item("b", "2026-11-26T02:00:00.000Z", { lock: lock("b", ME) }),
          lock: lock("b", ME),
          assigned_operators: [ME],
        },
        { conversation_uuid: "kept", entry: null, lock: lock("kept", ME), assigned_operators: [] },
      ],
      viewer,
      0,
    );
    expect(next.data.map((entry) => entry.conversation_uuid)).toEqual(["b"]);
    expect(next.data[0]?.lock?.mine).toBe(true);
    expect(next.meta.my_locks.map((held) => [held.conversation_uuid, held.mine])).toEqual([
      ["b", true],
      ["kept", true],
    ]);
    // An admin sees every profile's conversations; a member filter keeps matching usernames only.
    const admin = applyQueueChanges(
      queue,
      [
        {
          conversation_uuid: "a",
          entry: item("a", "2026-11-26T02:00:00.000Z"),
          lock: null,
          assigned_operators: [COLLEAGUE],
        },
      ],
      { uuid: ME, isAdmin: true },
      0,
    );
    expect(admin.data).toHaveLength(1);
    const filtered = applyQueueChanges(
      queue,
      [{ conversation_uuid: "a", entry: item("a", "2026-11-26T02:00:00.000Z"), lock: null, assigned_operators: [] }],
      { ...viewer, member: "someone" },
      0,
    );
    expect(filtered.data).toHaveLength(0);
  });

  it("ages the shown figures and drops holds that ran out and holds released", () => {
    const queue = queueOf(
      [item("a", "2026-11-26T02:00:00.000Z", { lock: lock("a", COLLEAGUE, 20) })],
      [lock("x", ME, 10), lock("y", ME, 100)],
    );
    const next = applyQueueChanges(
      queue,
      [{ conversation_uuid: "y", entry: null, lock: null, assigned_operators: [] }],
      viewer,
      30,
    );
    expect(next.data[0]?.waiting_seconds).toBe(90);
    expect(next.data[0]?.lock?.seconds_left).toBe(-10);
    expect(next.meta.my_locks).toEqual([]);
  });

  it("takes next: the first entry nobody else holds, never the open one", () => {
    const queue = queueOf([
      item("a", "2026-11-26T02:00:00.000Z", { lock: lock("a", COLLEAGUE, 100) }),
      item("b", "2026-11-26T02:01:00.000Z"),
      item("c", "2026-11-26T02:02:00.000Z"),
    ]);
    expect(nextToTake(queue, 0)?.conversation_uuid).toBe("b");
    expect(nextToTake(queue, 0, "b")?.conversation_uuid).toBe("c");
    // The colleague's hold has run out by now.
    expect(nextToTake(queue, 120)?.conversation_uuid).toBe("a");
    expect(nextToTake(queueOf([]), 0)).toBeUndefined();
    expect(lockFromQueue(queue, "a")?.operator.uuid).toBe(COLLEAGUE);
  });
});
