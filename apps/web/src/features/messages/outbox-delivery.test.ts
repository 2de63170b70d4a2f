import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type PendingMessage, useOutbox } from "./outbox";

const sent: { conversationUuid: string; client_id: string; text?: string }[] = [];
let failWithNetwork = false;
/** The connection drops while a send is on its way. */
let dropWhileSending = false;
let online = true;
vi.mock("./messages-api", () => ({
  sendMessage: vi.fn(async (to: { conversationUuid: string }, body: { client_id: string; text?: string }) => {
    if (dropWhileSending) online = false;
    if (failWithNetwork || dropWhileSending) throw new TypeError("Failed to fetch");
    sent.push({ conversationUuid: to.conversationUuid, client_id: body.client_id, text: body.text });
    return {
      id: sent.length,
      client_id: body.client_id,
      conversation: to.conversationUuid,
      sender: { credits: 5, has_unli_message: false },
    };
  }),
  uploadMessageImage: vi.fn(),
}));

const { deliver, flushQueued, onDelivered } = await import("./outbox-delivery");

const message = (clientId: string, conversationUuid = "conversation-1"): PendingMessage => ({
  clientId,
  conversationUuid,
  type: "text",
  text: `text ${clientId}`,
  image: null,
  createdAt: "2026-05-12T10:00:00.000Z",
  status: "queued",
  failure: null,
});

describe("sending what the outbox holds (offline)", () => {
  beforeEach(() => {
    online = true;
    failWithNetwork = false;
    dropWhileSending = false;
    sent.length = 0;
    vi.stubGlobal("navigator", {
      get onLine() {
        return online;
      },
    });
    useOutbox.setState({ pending: {}, memberUuid: null });
  });
  afterEach(() => vi.unstubAllGlobals());

  const send = (item: PendingMessage) => {
    useOutbox.getState().add(item);
    return deliver(item);
  };
  const statuses = (conversationUuid = "conversation-1") =>
    (useOutbox.getState().pending[conversationUuid] ?? []).map((item) => [item.clientId, item.status]);

  it("keeps messages written offline queued, then sends them in order with their own client_id", async () => {
    online = false;
    await send(message("a"));
    await send(message("b"));
    await send(message("c", "conversation-2"));
    expect(sent).toEqual([]);
    expect(statuses()).toEqual([
      ["a", "queued"],
      ["b", "queued"],
    ]);

    const arrived: string[] = [];
    const stop = onDelivered("conversation-1", (delivered) => arrived.push(delivered.client_id));
    online = true;
    await flushQueued();
    stop();
    // In order within a conversation (conversations go out side by side).
    expect(sent.filter((item) => item.conversationUuid === "conversation-1").map((item) => item.client_id)).toEqual([
      "a",
      "b",
    ]);
    expect(sent.map((item) => item.client_id).sort()).toEqual(["a", "b", "c"]);
    expect(arrived).toEqual(["a", "b"]);
    expect(useOutbox.getState().pending["conversation-1"]).toEqual([]);
  });

  it("sends each message once, even when two flushes race", async () => {
    online = false;
    await send(message("a"));
    online = true;
    await Promise.all([flushQueued(), flushQueued()]);
    expect(sent.map((item) => item.client_id)).toEqual(["a"]);
  });

  it("never lets a new message overtake an earlier queued one", async () => {
    online = false;
    await send(message("a"));
    online = true;
    // The connection is back but the browser's "online" event has not been handled yet.
    await send(message("b"));
    expect(sent).toEqual([]);
    expect(statuses()).toEqual([
      ["a", "queued"],
      ["b", "queued"],
    ]);
    await flushQueued();
    expect(sent.map((item) => item.client_id)).toEqual(["a", "b"]);
  });

  it("puts a message back in the queue when the connection drops while it is sent", async () => {
    dropWhileSending = true;
    await send(message("a"));
    expect(statuses()).toEqual([["a", "queued"]]);
    dropWhileSending = false;
    online = true;
    await flushQueued();
    expect(sent.map((item) => item.client_id)).toEqual(["a"]);
  });

  it("marks a message failed (with Retry) when the network fails while the browser says online", async () => {
    failWithNetwork = true;
    await send(message("a"));
    expect(statuses()).toEqual([["a", "failed"]]);
    failWithNetwork = false;
    const [failed] = useOutbox.getState().pending["conversation-1"] ?? [];
    if (failed) await deliver(failed);
    expect(sent.map((item) => item.client_id)).toEqual(["a"]);
  });
});
