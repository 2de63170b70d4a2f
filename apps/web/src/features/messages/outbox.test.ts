import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  newClientId,
  outboxStorageKey,
  type PendingMessage,
  queuedMessages,
  useOutbox,
  visiblePending,
  withRestored,
} from "./outbox";
import { message } from "./test-factories";

const pending = (clientId: string): PendingMessage => ({
  clientId,
  conversationUuid: "conversation-1",
  type: "text",
  text: "Hi",
  image: null,
  createdAt: "2026-05-12T10:00:00.000Z",
  status: "sending",
  failure: null,
});

describe("the outbox", () => {
  it("hides a pending bubble as soon as its message has arrived, by client_id", () => {
    const waiting = [pending("a"), pending("b")];
    expect(visiblePending(waiting, [message({ id: 1, client_id: "a" })]).map((item) => item.clientId)).toEqual(["b"]);
  });

  it("makes version-4 UUIDs for client_id", () => {
    const id = newClientId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newClientId()).not.toBe(id);
  });
});

describe("the outbox on the device (offline)", () => {
  let storage: Map<string, string>;
  beforeEach(() => {
    storage = new Map();
    vi.stubGlobal("window", {
      localStorage: {
        getItem: (key: string) => storage.get(key) ?? null,
        setItem: (key: string, value: string) => storage.set(key, value),
        removeItem: (key: string) => storage.delete(key),
      },
    });
    useOutbox.setState({ pending: {}, memberUuid: null });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("keeps a member's text and winks across a reload, queued again, and never another member's", () => {
    useOutbox.getState().attach("member-a");
    useOutbox.getState().add({ ...pending("a"), status: "sending" });
    useOutbox.getState().add({ ...pending("b"), type: "wink", text: null, status: "queued" });
    useOutbox.getState().add({
      ...pending("photo"),
      type: "image",
      image: { file: {} as File, previewUrl: "blob:x", uploadedUuid: null },
    });
    expect(
      JSON.parse(storage.get(outboxStorageKey("member-a")) ?? "[]").map((item: PendingMessage) => item.clientId),
    ).toEqual(["a", "b"]);

    // A new page: the store starts empty and takes back what was kept, queued.
    useOutbox.setState({ pending: {}, memberUuid: null });
    useOutbox.getState().attach("member-a");
    expect(queuedMessages(useOutbox.getState().pending).map((item) => [item.clientId, item.type, item.text])).toEqual([
      ["a", "text", "Hi"],
      ["b", "wink", null],
    ]);

    useOutbox.setState({ pending: {}, memberUuid: null });
    useOutbox.getState().attach("member-b");
    expect(useOutbox.getState().pending).toEqual({});
  });

  it("forgets a message once the server has it", () => {
    useOutbox.getState().attach("member-a");
    useOutbox.getState().add(pending("a"));
    useOutbox.getState().remove("conversation-1", "a");
    expect(storage.has(outboxStorageKey("member-a"))).toBe(false);
  });

  it("restores behind what the page already holds, without doubling a message it already has", () => {
    const restored = withRestored({ "conversation-1": [pending("a")] }, [pending("a"), pending("b")]);
    expect(restored["conversation-1"]?.map((item) => [item.clientId, item.status])).toEqual([
      ["a", "sending"],
      ["b", "queued"],
    ]);
  });
});
